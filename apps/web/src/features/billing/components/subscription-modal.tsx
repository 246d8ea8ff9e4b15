import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { OnDemandModal } from '../../../components/ui/on-demand-modal.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import type { SubscriptionModalKind } from '../subscription.ts';

/**
 * Spec 4.4, 8.2: the modal forced on non-admins whose subscription lapsed (trial ended, overdue
 * invoice, paused, churned). It cannot be dismissed: the user may switch to another workspace
 * (when they have one), contact us, or log out.
 */
export function SubscriptionModal({
  kind,
  workspaceName,
  chatHref,
  onSwitch,
  onLogout,
}: {
  kind: SubscriptionModalKind | null;
  workspaceName: string | undefined;
  chatHref: string;
  onSwitch: (() => void) | null;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <OnDemandModal
      opened={kind !== null}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={kind ? t(`subscription.${kind}.title`) : ''}
    >
      {kind && (
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="orange" size="lg" radius="xl" aria-hidden>
              <IconLock size={18} />
            </ThemeIcon>
            <Text size="sm">{t(`subscription.${kind}.body`, { workspace: workspaceName ?? '' })}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('subscription.askAdmin')}
          </Text>
          <Group justify="flex-end" mt="xs" gap="xs">
            <Button component="a" href={chatHref} target="_blank" rel="noopener noreferrer" variant="subtle">
              {t('subscription.contact')}
            </Button>
            {onSwitch && (
              <Button variant="light" onClick={onSwitch}>
                {t('subscription.switchWorkspace')}
              </Button>
            )}
            <Button onClick={onLogout}>{t('auth.logout')}</Button>
          </Group>
        </Stack>
      )}
    </OnDemandModal>
  );
}
