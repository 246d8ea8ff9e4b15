import { type BillingContact, billingContactSchema, type GlobalBilling } from '@formwork/shared/schemas/accounts';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useDateText } from '../../../lib/date-text.tsx';
import { HttpError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useGlobalBilling, useSetBillingContact } from '../api/global-billing.ts';
import { money } from '../money.ts';

type FieldErrors = Partial<Record<keyof BillingContact, string>>;

/**
 * Spec 2.6 Global Billing, honest about what exists: the account's billing contact (org
 * controllers change it) and the payments made through this workspace's checkout.
 */
export function GlobalBillingSection({ workspaceId, canEdit }: { workspaceId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const billing = useGlobalBilling(workspaceId);
  if (billing.isPending) return <Loader aria-label={t('app.loading')} />;
  if (billing.isError) return <Alert color="red">{t('billing.loadFailed')}</Alert>;
  return (
    <Stack gap="lg" maw={720}>
      <ContactForm workspaceId={workspaceId} saved={billing.data.contact} canEdit={canEdit} />
      <Payments payments={billing.data.payments} />
    </Stack>
  );
}

function ContactForm({
  workspaceId,
  saved,
  canEdit,
}: {
  workspaceId: string;
  saved: BillingContact | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const setContact = useSetBillingContact(workspaceId);
  const [edited, setEdited] = useState<BillingContact>(saved ?? { name: '', email: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const messages: Record<keyof BillingContact, string> = {
    name: t('billing.contactNameError'),
    email: t('billing.contactEmailError'),
  };
  const changed = edited.name !== (saved?.name ?? '') || edited.email !== (saved?.email ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = billingContactSchema.safeParse(edited);
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0] as keyof BillingContact));
      setErrors(Object.fromEntries([...fields].map((field) => [field, messages[field]])));
      return;
    }
    setErrors({});
    try {
      const result = await setContact.mutateAsync(parsed.data);
      if (result.contact) setEdited(result.contact);
      showToast('success', t('billing.contactSaved'));
    } catch (failure) {
      // The server's field errors name the fields; the app's error handler tells the rest.
      const problem = failure instanceof HttpError ? failure.problem : undefined;
      const fields = (problem?.errors ?? [])
        .map((e) => e.path.replace('body.', ''))
        .filter((field): field is keyof BillingContact => field === 'name' || field === 'email');
      setErrors(Object.fromEntries(fields.map((field) => [field, messages[field]])));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('billing.contactTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('billing.contactHelp')}
          </Text>
          {!saved && !canEdit && <Text size="sm">{t('billing.contactNone')}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('billing.contactName')}
              value={edited.name}
              error={errors.name}
              disabled={!canEdit}
              autoComplete="name"
              onChange={(e) => setEdited({ ...edited, name: e.currentTarget.value })}
            />
            <TextInput
              label={t('billing.contactEmail')}
              type="email"
              value={edited.email}
              error={errors.email}
              disabled={!canEdit}
              autoComplete="email"
              onChange={(e) => setEdited({ ...edited, email: e.currentTarget.value })}
            />
          </SimpleGrid>
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" disabled={!changed} loading={setContact.isPending}>
                {t('billing.contactSave')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('workspaceSettings.onlyOrgControllers')}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function Payments({ payments }: { payments: GlobalBilling['payments'] }) {
  const { t } = useTranslation();
  const dates = useDateText();
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        {t('billing.paymentsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('billing.paymentsHelp')}
      </Text>
      {payments.length === 0 ? (
        <Text size="sm">{t('billing.noPayments')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-label={t('billing.paymentsTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.paidOn')}</Table.Th>
                <Table.Th ta="right">{t('billing.amount')}</Table.Th>
                <Table.Th>{t('billing.plan')}</Table.Th>
                <Table.Th>{t('billing.licences')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.checkoutId}>
                  <Table.Td>{dates.instant(p.paidAt)}</Table.Td>
                  <Table.Td ta="right">{money(p.amountTotal, p.currency, dates.locale)}</Table.Td>
                  <Table.Td>
                    {t(`plans.${p.planType}`)} · {t(`billing.terms.${p.subscriptionTerm}`)}
                  </Table.Td>
                  <Table.Td>
                    {t('billing.paymentLicences', { contributors: p.contributorUsersPaid, paid: p.paidUsersPaid })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
