import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../lib/translate.tsx';

/**
 * The one answer to a save that lost the race (problem code staleVersion: someone else saved a
 * newer version first), for every editor: Cancel keeps the edits on screen, Ok loads the latest
 * version. The screen names it in its own words (a template, a form).
 */
export function StaleVersionModal({
  opened,
  title,
  message,
  onCancel,
  onReload,
}: {
  opened: boolean;
  title: string;
  message: string;
  onCancel: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onReload}>{t('common.ok')}</Button>
      </Group>
    </Modal>
  );
}
