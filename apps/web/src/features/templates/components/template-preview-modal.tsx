import { Alert, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useTemplate } from '../api/templates.ts';

/** A read-only look at a template for those who may not edit it (or a deployed one in a team). */
export function TemplatePreviewModal({ templateId, onClose }: { templateId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const template = useTemplate(templateId);
  return (
    <Modal opened={templateId !== null} onClose={onClose} title={template.data?.name ?? t('editor.loading')} size="lg">
      {template.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('editor.loading')} />
        </Center>
      ) : template.isError || !template.data?.definition ? (
        <Alert color="red">{t('editor.loadFailed')}</Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('templates.previewNote', { code: template.data.templateCode, version: template.data.currentVersion })}
          </Text>
          <FormRenderer
            definition={template.data.definition}
            mode="preview"
            meta={{ templateCode: template.data.templateCode, templateVersion: template.data.currentVersion }}
          />
        </Stack>
      )}
    </Modal>
  );
}
