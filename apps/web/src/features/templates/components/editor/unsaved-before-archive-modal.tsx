import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplateEditorModel } from '../../hooks/use-template-editor.ts';

/** Archiving with unsaved changes: cancel, discard them and archive, or save them and archive. */
export function UnsavedBeforeArchiveModal({ editor }: { editor: TemplateEditorModel }) {
  const { t } = useTranslation();
  const action = t(`templates.${editor.stateAction ?? 'archive'}`);
  return (
    <Modal
      opened={editor.stateAction !== null}
      onClose={editor.cancelStateAction}
      title={t('editor.unsavedTitle')}
      centered
    >
      <Text size="sm">{t('editor.unsavedBeforeArchive')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={editor.cancelStateAction}>
          {t('common.cancel')}
        </Button>
        <Button variant="light" onClick={editor.discardAndRunState}>
          {t('editor.discardAnd', { action })}
        </Button>
        <Button loading={editor.changingState} onClick={() => void editor.saveAndRunState()}>
          {t('editor.saveAnd', { action })}
        </Button>
      </Group>
    </Modal>
  );
}
