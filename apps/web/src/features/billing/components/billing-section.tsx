import { canUpgradeBySelfService } from '@formwork/shared/permissions';
import type { Account } from '@formwork/shared/schemas/accounts';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import { useWorkspaceAccount } from '../api/account.ts';
import { CheckoutModal, NotOffered } from './checkout-modal.tsx';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** Licences paid and used; a trial pays for none, so only what it uses shows. */
function licences(t: (key: string, o?: Record<string, unknown>) => string, paid: number, used: number, trial: boolean) {
  return trial ? t('billing.usedOnly', { used }) : t('billing.usedOfPaid', { used, paid });
}

/** Spec 2.6 workspace settings, Billing (issue 17.5): plan, status, term, licences paid and used. */
export function BillingSection({ workspaceId, timeZone }: { workspaceId: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const account = useWorkspaceAccount(workspaceId);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  if (account.isPending) return <Loader aria-label={t('app.loading')} />;
  if (account.isError) return <Alert color="red">{t('billing.loadFailed')}</Alert>;
  const a: Account = account.data;
  const trial = a.planType === 'free_trial';
  // Spec 6: self-service checkout only for self-service accounts on the free trial.
  const offered = canUpgradeBySelfService({
    accountType: a.accountType,
    plan: a.planType,
    status: a.subscriptionStatus,
  });
  const date = a.trialEndDate
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone }).format(new Date(a.trialEndDate))
    : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h4">
          {t('billing.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {a.name}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure
          label={t('billing.plan')}
          value={t(`plans.${a.planType}`)}
          hint={t(`billing.accountTypes.${a.accountType}`)}
        />
        <Figure
          label={t('billing.status')}
          value={t(`billing.statuses.${a.subscriptionStatus}`)}
          hint={
            date
              ? t(a.subscriptionStatus === 'free_trial' ? 'billing.trialEnds' : 'billing.trialEnded', { date })
              : undefined
          }
        />
        <Figure
          label={t('billing.term')}
          value={a.subscriptionTerm ? t(`billing.terms.${a.subscriptionTerm}`) : t('billing.noTerm')}
        />
      </SimpleGrid>
      <Title order={3} fz="h5">
        {t('billing.licences')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Figure
          label={t('billing.contributors')}
          value={licences(t, a.contributorUsersPaid, a.contributorUsersUsed, trial)}
        />
        <Figure label={t('billing.paidUsers')} value={licences(t, a.paidUsersPaid, a.paidUsersUsed, trial)} />
      </SimpleGrid>
      {offered ? (
        <Group>
          <Button leftSection={<IconRocket size={16} />} onClick={() => setCheckoutOpen(true)}>
            {t('checkout.upgrade')}
          </Button>
        </Group>
      ) : (
        a.subscriptionStatus !== 'active' && <NotOffered />
      )}
      <CheckoutModal workspaceId={workspaceId} opened={checkoutOpen} onClose={() => setCheckoutOpen(false)} />
    </Stack>
  );
}
