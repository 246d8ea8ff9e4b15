import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OnDemandModal } from '../../../components/ui/on-demand-modal.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { checkoutSuccessView } from '../subscription.ts';

const shownKey = 'formwork:checkout-success-shown';

function alreadyShown(workspaceId: string): boolean {
  try {
    return localStorage.getItem(`${shownKey}:${workspaceId}`) === '1';
  } catch {
    return false;
  }
}

function rememberShown(workspaceId: string): void {
  try {
    localStorage.setItem(`${shownKey}:${workspaceId}`, '1');
  } catch {
    // Private mode: shown again on the next visit of the link.
  }
}

/**
 * Spec 2.6, 7: `?view=checkoutSuccess` shows the checkout success modal, once per browser (for each
 * workspace: remembered when closed); the workspace's account is read again (its new plan ends the trial widget and the
 * getting-started guide). Closing it leaves the view parameter behind.
 */
export function CheckoutSuccessModal({ workspaceId, workspaceName }: { workspaceId: string; workspaceName?: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('view') === checkoutSuccessView;
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (!requested) return;
    void client.invalidateQueries({ queryKey: ['workspaces'] });
    // Remembered once the user has seen it (closed it): a page load in between (signing in again)
    // still shows it.
    if (!alreadyShown(workspaceId)) setOpened(true);
  }, [requested, workspaceId, client]);

  const close = () => {
    rememberShown(workspaceId);
    setOpened(false);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('view');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <OnDemandModal opened={opened} onClose={close} centered title={t('subscription.checkoutSuccess.title')}>
      <Text size="sm">{t('subscription.checkoutSuccess.body', { workspace: workspaceName ?? '' })}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>{t('subscription.checkoutSuccess.done')}</Button>
      </Group>
    </OnDemandModal>
  );
}
