import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCopy } from '@tabler/icons-react';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useLibraryTemplate } from '../api/library.ts';

type Props = {
  libraryTemplateId: string | null;
  canCopy: boolean;
  copying: boolean;
  onCopy: (libraryTemplateId: string) => void;
  onClose: () => void;
};

/** A free template as its forms will look (the read-only renderer: answers are not kept), with Use template. */
export function LibraryPreviewModal({ libraryTemplateId, canCopy, copying, onCopy, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const template = useLibraryTemplate(libraryTemplateId);
  const data = template.data;
  return (
    <Modal
      opened={libraryTemplateId !== null}
      onClose={onClose}
      title={data?.name ?? t('library.loading')}
      size="xl"
      fullScreen={phone}
    >
      {template.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('library.loading')} />
        </Center>
      ) : template.isError || !data ? (
        <Alert color="red">{t('library.loadFailed')}</Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{data.description}</Text>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('library.previewNote', { code: data.templateCode })}
            </Text>
            {canCopy && (
              <Button
                size="xs"
                leftSection={<IconCopy size={14} />}
                loading={copying}
                onClick={() => onCopy(data.libraryTemplateId)}
              >
                {t('library.use')}
              </Button>
            )}
          </Group>
          <FormRenderer
            definition={data.definition}
            mode="preview"
            meta={{ templateCode: data.templateCode, templateVersion: 1, formName: data.formName }}
          />
        </Stack>
      )}
    </Modal>
  );
}
