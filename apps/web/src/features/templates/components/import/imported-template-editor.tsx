import type { TemplateImport } from '@formwork/shared/schemas/template-imports';
import {
  Alert,
  Anchor,
  Box,
  Center,
  Code,
  Grid,
  List,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/translate.tsx';
import { useDismissTemplateImport, useTemplateImport } from '../../api/template-imports.ts';
import { templatesPath } from '../../template-paths.ts';
import { TemplateEditor } from '../editor/template-editor.tsx';

type EditorProps = Parameters<typeof TemplateEditor>[0];

/** What the conversion read from the file, beside the draft: honest and plain text. */
function SourcePanel({ item }: { item: TemplateImport }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="sm" radius="md" component="aside" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} fz="sm" id={titleId}>
          {t('templateImport.sourceTitle')}
        </Title>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {item.fileName}
        </Text>
        <ScrollArea.Autosize mah="70vh">
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap' }}>
            {item.sourceText}
          </Code>
        </ScrollArea.Autosize>
        {item.notes.length > 0 && (
          <>
            <Text size="xs" fw={600}>
              {t('templateImport.leftOut')}
            </Text>
            <List size="xs">
              {item.notes.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A new template that starts from an imported document's draft (issue 22.1), with the text read
 * from the document beside it. Saving is the ordinary create; the import then leaves the list.
 */
export function ImportedTemplateEditor({ importId, ...props }: EditorProps & { importId: string }) {
  const { t } = useTranslation();
  const item = useTemplateImport(props.folder, importId);
  const dismiss = useDismissTemplateImport(props.folder);
  if (item.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('editor.loading')} />
      </Center>
    );
  }
  if (item.isError || !item.data.draft) {
    return (
      <Alert color="red" title={t('templateImport.loadFailed')} maw={720} mx="auto">
        <Anchor component={Link} to={templatesPath(props.folder.kind, props.folder.folderId)}>
          {t('editor.backToList')}
        </Anchor>
      </Alert>
    );
  }
  const data = item.data;
  return (
    <Stack gap="sm">
      <Alert color="blue" maw={1200} mx="auto" w="100%">
        {t('templateImport.draftFrom', { fileName: data.fileName })}
      </Alert>
      {/* Two columns from the lg breakpoint (75em, 1200 px): the source beside the draft; below it on phones. */}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 'auto' }} miw={0}>
          <TemplateEditor {...props} initialDraft={data.draft} onCreated={() => dismiss.mutate(importId)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 'content' }}>
          <Box w={{ base: '100%', lg: 320 }}>
            <SourcePanel item={data} />
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
