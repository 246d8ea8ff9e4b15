import { templateImportAccept } from '@formwork/shared/templates/template-imports';
import { Alert, Button, FileButton, Group, Loader, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from '../../../../lib/translate.tsx';
import { useUploadTemplateImport } from '../../api/template-imports.ts';
import type { TemplateFolder } from '../../api/templates.ts';
import { importLimits, refusalBeforeUpload, tooManyFilesMessage, uploadRefusal } from './import-refusal.ts';

type Row = { key: string; name: string; state: 'uploading' | 'uploaded' | 'refused'; message?: string };

const accept = Object.entries(templateImportAccept)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

/**
 * The AI template import dialog (spec 2.6; issue 22.1): drop or choose up to 10 files; each is
 * checked (type, 100MB), uploaded on its own and listed with its outcome. Conversion goes on in
 * the background: the Templates view lists the files being processed.
 */
export function TemplateImportDialog({ folder, onClose }: { folder: TemplateFolder; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadTemplateImport(folder);
  const [rows, setRows] = useState<Row[]>([]);
  const [batchError, setBatchError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const setRow = (key: string, next: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...next } : r)));

  const take = async (files: File[]) => {
    setBatchError(null);
    if (files.length === 0) return;
    if (files.length > importLimits.max) {
      setBatchError(tooManyFilesMessage(t));
      return;
    }
    const added = files.map((file, i) => {
      const refusal = refusalBeforeUpload(file, t);
      const row: Row = {
        key: `${Date.now()}-${i}-${file.name}`,
        name: file.name,
        state: refusal ? 'refused' : 'uploading',
        ...(refusal ? { message: refusal } : {}),
      };
      return { file, row };
    });
    setRows((all) => [...added.map((a) => a.row), ...all]);
    for (const { file, row } of added) {
      if (row.state === 'refused') continue;
      try {
        await upload.mutateAsync(file);
        setRow(row.key, { state: 'uploaded' });
      } catch (error) {
        setRow(row.key, { state: 'refused', message: uploadRefusal(error, t) });
      }
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void take([...event.dataTransfer.files]);
  };

  return (
    <Modal opened onClose={onClose} title={t('templateImport.dialogTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('templateImport.dialogIntro', importLimits)}</Text>
        <Paper
          withBorder
          p="lg"
          radius="md"
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-light)' : undefined }}
          data-testid="template-import-drop"
        >
          <Stack align="center" gap="xs">
            <IconUpload size={28} aria-hidden />
            <Text fw={500}>{t('templateImport.dropHere')}</Text>
            <FileButton multiple accept={accept} onChange={(files) => void take(files)}>
              {(props) => (
                <Button variant="default" {...props}>
                  {t('templateImport.choose')}
                </Button>
              )}
            </FileButton>
          </Stack>
        </Paper>
        {batchError && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
            {batchError}
          </Alert>
        )}
        {rows.length > 0 && (
          <Stack gap={6} aria-live="polite">
            {rows.map((row) => (
              <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
                {row.state === 'uploading' && <Loader size="xs" mt={3} />}
                {row.state === 'uploaded' && (
                  <ThemeIcon size="sm" color="green" variant="light">
                    <IconCheck size={14} />
                  </ThemeIcon>
                )}
                {row.state === 'refused' && (
                  <ThemeIcon size="sm" color="red" variant="light">
                    <IconAlertCircle size={14} />
                  </ThemeIcon>
                )}
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Text>
                  <Text size="xs" c={row.state === 'refused' ? 'red' : 'dimmed'}>
                    {row.state === 'refused'
                      ? row.message
                      : t(row.state === 'uploading' ? 'templateImport.uploading' : 'templateImport.uploaded')}
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
