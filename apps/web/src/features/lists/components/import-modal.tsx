import { type ListImportFile, type ListImportPreview, listCsvMaxBytes } from '@formwork/shared/schemas/lists';
import { Alert, Badge, Button, FileButton, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useApplyImport, usePreviewImport } from '../api/lists.ts';

/** A CSV's text, or an XLSX file's bytes in base64 (FileReader: every browser, and the test DOM). */
function readFile(file: File, as: 'text' | 'base64'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result ?? '');
      resolve(as === 'text' ? result : result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

/** The import's file types by extension (issue 18.3: CSV and XLSX, the first sheet). */
const fileKinds = [
  { pattern: /\.csv$/i, field: 'csv' },
  { pattern: /\.xlsx$/i, field: 'xlsx' },
] as const;

/** The reasons a server gives on a refused file (400 listCsvInvalid: the file or a row). */
function fieldMessages(error: unknown): string[] {
  const problem = (error as { problem?: { errors?: { message: string }[] } } | null)?.problem;
  return (problem?.errors ?? []).map((e) => e.message);
}

/**
 * Issue 18.3, spec 5.1: a CSV or XLSX file replaces all items and properties of the list and
 * cannot be undone. One file at a time; the preview shows what is added, changed and removed, and lists the rows
 * with errors, before anything is applied (a file with errors cannot be applied).
 */
export function ImportModal({
  opened,
  companyId,
  listId,
  onClose,
}: {
  opened: boolean;
  companyId: string;
  listId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const preview = usePreviewImport(companyId, listId);
  const apply = useApplyImport(companyId, listId);
  const [file, setFile] = useState<{ name: string; body: ListImportFile } | null>(null);
  const [error, setError] = useState<{ message: string; reasons: string[] } | null>(null);
  const fail = (message: string, cause?: unknown) => setError({ message, reasons: fieldMessages(cause) });
  const result: ListImportPreview | undefined = file ? preview.data : undefined;

  const close = () => {
    setFile(null);
    setError(null);
    preview.reset();
    onClose();
  };

  const choose = async (files: File[]) => {
    setError(null);
    setFile(null);
    preview.reset();
    if (files.length > 1) return fail(t('lists.import.oneFile'));
    const chosen = files[0];
    if (!chosen) return;
    const kind = fileKinds.find((k) => k.pattern.test(chosen.name));
    if (!kind) return fail(t('lists.import.csvOnly'));
    if (chosen.size > listCsvMaxBytes) return fail(t('lists.import.tooLarge'));
    const content = await readFile(chosen, kind.field === 'csv' ? 'text' : 'base64');
    const body: ListImportFile = kind.field === 'csv' ? { csv: content } : { xlsx: content };
    setFile({ name: chosen.name, body });
    preview.mutate(body, { onError: (e) => fail(problemMessage(e, t), e) });
  };

  const confirm = async () => {
    if (!file) return;
    try {
      await apply.mutateAsync(file.body);
      showToast('success', t('lists.import.done'));
      close();
    } catch (e) {
      fail(problemMessage(e, t), e);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('lists.import.title')} size="lg" centered>
      <Stack gap="md">
        <Alert color="orange" icon={<IconAlertTriangle size={16} />}>
          {t('lists.import.warning')}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('lists.import.format')}
        </Text>
        <Group>
          <FileButton
            onChange={(f) => void choose(f)}
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple
          >
            {(props) => (
              <Button variant="default" {...props}>
                {t('lists.import.choose')}
              </Button>
            )}
          </FileButton>
          {file ? <Text size="sm">{file.name}</Text> : null}
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
            {error.reasons.map((reason) => (
              <Text size="sm" key={reason}>
                {reason}
              </Text>
            ))}
          </Alert>
        ) : null}
        {preview.isPending ? <Text size="sm">{t('lists.import.reading')}</Text> : null}
        {result ? (
          <Stack gap="xs" aria-label={t('lists.import.preview')}>
            <Group gap="xs">
              <Badge color="green">{t('lists.import.added', { count: result.counts.added })}</Badge>
              <Badge color="blue">{t('lists.import.changed', { count: result.counts.changed })}</Badge>
              <Badge color="red">{t('lists.import.removed', { count: result.counts.removed })}</Badge>
              <Badge color="gray">{t('lists.import.unchanged', { count: result.counts.unchanged })}</Badge>
            </Group>
            <Text size="sm">
              {t('lists.import.properties', {
                list: result.properties
                  .map((p) => `${p.name} (${t(`lists.types.${p.type}`)}, ${t(`lists.import.change.${p.change}`)})`)
                  .join('; '),
              })}
            </Text>
            {(['added', 'changed', 'removed'] as const).map((kind) =>
              result.examples[kind].length ? (
                <Text size="sm" key={kind}>
                  {t(`lists.import.examples.${kind}`, { list: result.examples[kind].join(', ') })}
                </Text>
              ) : null,
            )}
            {result.errors.length ? (
              <Stack gap={4}>
                <Text size="sm" c="red" fw={500}>
                  {t('problems.listCsvInvalid')}
                </Text>
                <ScrollArea.Autosize mah={200}>
                  <Table aria-label={t('lists.import.errors')}>
                    <Table.Tbody>
                      {result.errors.map((e) => (
                        <Table.Tr key={`${e.line}:${e.message}`}>
                          <Table.Td>{t('lists.import.line', { line: e.line })}</Table.Td>
                          <Table.Td>{e.message}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </Stack>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!result || result.errors.length > 0}
            loading={apply.isPending}
            onClick={() => void confirm()}
          >
            {t('lists.import.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
