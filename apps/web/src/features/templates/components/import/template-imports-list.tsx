import type { TemplateImportSummary } from '@formwork/shared/schemas/template-imports';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/translate.tsx';
import { useDismissTemplateImport, useTemplateImports } from '../../api/template-imports.ts';
import type { TemplateFolder } from '../../api/templates.ts';
import { newTemplatePath } from '../../template-paths.ts';

/** The editor of an import's draft (a new template that starts from it). */
export const importReviewPath = (folder: TemplateFolder, importId: string) =>
  `${newTemplatePath(folder.kind, folder.folderId)}?importId=${encodeURIComponent(importId)}`;

function ImportRow({ folder, item }: { folder: TemplateFolder; item: TemplateImportSummary }) {
  const { t } = useTranslation();
  const dismiss = useDismissTemplateImport(folder);
  const converting = item.state === 'queued' || item.state === 'processing';
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid="template-import-row">
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {item.fileName}
        </Text>
        {converting && (
          <>
            <Progress
              value={item.state === 'queued' ? 5 : item.progress}
              animated
              size="sm"
              aria-label={t(item.state === 'queued' ? 'templateImport.queued' : 'templateImport.processing')}
            />
            <Text size="xs" c="dimmed">
              {item.state === 'queued'
                ? t('templateImport.queued')
                : `${t('templateImport.processing')} ${item.progress}%`}
            </Text>
          </>
        )}
        {item.state === 'ready' && (
          <Text size="xs" c="dimmed">
            {t('templateImport.ready', { count: item.fieldCount ?? 0 })}
          </Text>
        )}
        {item.state === 'failed' && (
          <Text size="xs" c="red">
            {item.error ?? t('templateImport.processingFailed')}
          </Text>
        )}
      </Stack>
      {item.state === 'ready' && (
        <Button size="xs" component={Link} to={importReviewPath(folder, item.importId)}>
          {t('templateImport.review')}
        </Button>
      )}
      {!converting && (
        <Tooltip label={t('templateImport.dismiss')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            loading={dismiss.isPending}
            aria-label={t('templateImport.dismissFile', { fileName: item.fileName })}
            onClick={() => dismiss.mutate(item.importId)}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** Spec 2.5: the files being imported into this folder, on the Templates view while there are any. */
export function TemplateImportsList({ folder, enabled }: { folder: TemplateFolder; enabled: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const imports = useTemplateImports(folder, enabled);
  const items = imports.data?.imports ?? [];
  if (!enabled || items.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} fz="sm" id={titleId}>
          {t('templateImport.processingTitle')}
        </Title>
        {items.map((item) => (
          <ImportRow key={item.importId} folder={folder} item={item} />
        ))}
      </Stack>
    </Paper>
  );
}
