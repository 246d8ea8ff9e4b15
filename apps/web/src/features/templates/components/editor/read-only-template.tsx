import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowBackUp, IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplateEditorModel } from '../../hooks/use-template-editor.ts';

/** A template the viewer may not edit here (no right, archived, or a deployed library template): why, and its preview. */
export function ReadOnlyTemplate({ editor, preview }: { editor: TemplateEditorModel; preview: ReactNode }) {
  const { t } = useTranslation();
  const { template, archived, reachedByDeployment } = editor;
  if (!template) return null;
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Anchor component={Link} to={editor.listPath} size="sm">
        <Group gap={4}>
          <IconChevronLeft size={14} />
          {t('editor.backToList')}
        </Group>
      </Anchor>
      <Title order={1} fz="h3">
        {template.name}
      </Title>
      <Alert color="gray">
        {archived
          ? t('editor.archivedNotice')
          : reachedByDeployment
            ? t('editor.deployedNotice')
            : t('editor.readOnly')}
      </Alert>
      {archived && editor.canArchive && !reachedByDeployment && (
        <Button
          w="fit-content"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => void editor.runState('restore')}
          loading={editor.restoring}
        >
          {t('templates.restore')}
        </Button>
      )}
      {preview}
    </Stack>
  );
}
