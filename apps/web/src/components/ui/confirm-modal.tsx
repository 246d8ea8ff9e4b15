import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translate.tsx';

export type Confirmation = {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown> | undefined;
};

/** A confirmation dialog; the confirm button shows progress while the action runs. */
export function ConfirmModal({
  confirmation,
  busy,
  onClose,
}: {
  confirmation: Confirmation | null;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={confirmation !== null} onClose={onClose} title={confirmation?.title} centered>
      <Stack gap="md">
        {typeof confirmation?.body === 'string' ? <Text size="sm">{confirmation.body}</Text> : confirmation?.body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={confirmation?.danger ? 'red' : undefined}
            loading={busy}
            onClick={() => void confirmation?.onConfirm()}
          >
            {confirmation?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
