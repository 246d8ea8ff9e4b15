import { Paper, Stack, Title } from '@mantine/core';
import { FormRenderer } from '../../../../components/form-renderer/form-renderer.tsx';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { Draft } from '../../hooks/use-template-draft.ts';

/** The draft as a form shows it (Web Preview, and the read-only editor). */
export function TemplateWebPreview({ draft, templateVersion }: { draft: Draft; templateVersion: number | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" maw={720}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {draft.formName || draft.name || t('editor.untitled')}
        </Title>
        <FormRenderer
          definition={draft.definition}
          mode="preview"
          meta={{ templateCode: draft.templateCode, templateVersion, formName: draft.formName }}
        />
      </Stack>
    </Paper>
  );
}
