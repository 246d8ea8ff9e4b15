import { bulkFormMaxBytes, bulkFormMaxRows } from '@formwork/shared/forms/bulk-forms';
import type { BulkFormBatch, BulkFormPreview } from '@formwork/shared/schemas/bulk-forms';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { downloadFile } from '../../../lib/download.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { readText } from '../../../lib/read-file.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  bulkFormFinished,
  bulkFormPaths,
  useBulkFormBatch,
  useBulkFormPreview,
  useBulkFormStart,
} from '../api/bulk-forms.ts';

type Props = { teamId: string; templateId: string; templateName: string; onClose: () => void };

/**
 * Bulk form creation from a CSV (issue 21.4; spec 4.1, 5.3, 8.2): download the template's CSV
 * template, upload one CSV, see every row checked by the server, then create the valid rows as a
 * job whose progress is polled; the rows not created can be downloaded as a report.
 */
export function BulkFormsModal({ teamId, templateId, templateName, onClose }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BulkFormPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The upload's id (its idempotency key): made once per file, so a retried start makes no second set.
  const [batchId, setBatchId] = useState<string | null>(null);
  const [startedId, setStartedId] = useState<string | null>(null);
  const checking = useBulkFormPreview(teamId, templateId);
  const starting = useBulkFormStart(teamId, templateId);
  const batch = useBulkFormBatch(teamId, templateId, startedId);
  useEffect(() => {
    if (batch.data?.state === 'failed') showToast('error', t('registers.bulk.createFailed'));
  }, [batch.data?.state, t]);
  useEffect(() => {
    if (batch.error) showToast('error', t('registers.bulk.progressFailed'));
  }, [batch.error, t]);

  const check = (text: string, id: string) => {
    setError(null);
    checking.mutate(
      { csv: text, batchId: id },
      {
        onSuccess: setPreview,
        onError: (e) => {
          showToast('error', t('registers.bulk.uploadFailed'));
          setError(problemMessage(e, t));
        },
      },
    );
  };

  const chooseFiles = async (files: File[]) => {
    setPreview(null);
    setError(null);
    setFileError(null);
    if (files.length === 0) return;
    if (files.length > 1) return setFileError(t('registers.bulk.oneFile'));
    const [chosen] = files as [File];
    if (!/\.csv$/i.test(chosen.name)) return setFileError(t('registers.bulk.notCsv'));
    if (chosen.size > bulkFormMaxBytes) return setFileError(t('registers.bulk.tooLarge'));
    const text = await readText(chosen);
    const id = crypto.randomUUID();
    setFile({ name: chosen.name, text });
    setBatchId(id);
    check(text, id);
  };

  const start = () => {
    if (!file || !batchId) return;
    starting.mutate(
      { csv: file.text, batchId },
      {
        onSuccess: (started) => setStartedId(started.batchId),
        onError: () => showToast('error', t('registers.bulk.createFailed')),
      },
    );
  };

  const downloadTemplate = () =>
    void downloadFile(bulkFormPaths.template(teamId, templateId), `${templateName}.csv`).catch(() =>
      showToast('error', t('registers.bulk.templateFailed')),
    );

  const title = t('registers.bulk.title', { name: templateName });
  if (startedId) {
    return (
      <Modal opened onClose={onClose} size="xl" title={title}>
        <Stack gap="sm">
          <BatchProgress teamId={teamId} templateId={templateId} batch={batch.data} />
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose} variant={bulkFormFinished(batch.data) ? 'filled' : 'default'}>
              {t('registers.bulk.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} size="xl" title={title}>
      <Stack gap="sm">
        <Text size="sm">
          {t('registers.bulk.intro', { rows: bulkFormMaxRows, size: bulkFormMaxBytes / 1024 / 1024 })}
        </Text>
        <Group gap="sm" align="center">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={downloadTemplate}>
            {t('registers.bulk.downloadTemplate')}
          </Button>
          <FileButton onChange={(files) => void chooseFiles(files)} accept=".csv,text/csv" multiple>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileTypeCsv size={16} />}>
                {t('registers.bulk.chooseCsv')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Badge variant="light" size="lg">
              {file.name}
            </Badge>
          )}
        </Group>
        {fileError && (
          <Text size="sm" c="red" role="alert">
            {fileError}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {checking.isPending && <Text size="sm">{t('registers.bulk.checking')}</Text>}
        {preview && <Preview preview={preview} />}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={start} loading={starting.isPending} disabled={!preview || preview.valid === 0}>
            {t('registers.bulk.create', { count: preview?.valid ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Every row of the file with its problems (by column), before anything is created. */
function Preview({ preview }: { preview: BulkFormPreview }) {
  const { t } = useTranslation();
  const total = preview.rows.length;
  return (
    <Stack gap="xs">
      <Alert color={preview.rejected > 0 ? 'yellow' : 'green'} variant="light" role="status">
        {preview.rejected > 0 && `${t('registers.bulk.formattingErrors')} `}
        {t('registers.bulk.summary', { valid: preview.valid, total })}
      </Alert>
      <ScrollArea.Autosize mah={320}>
        <Table striped withTableBorder aria-label={t('registers.bulk.previewTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('registers.bulk.line')}</Table.Th>
              {preview.columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
              <Table.Th>{t('registers.bulk.problems')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                {row.cells.map((cell, i) => (
                  <Table.Td key={preview.columns[i]}>{cell}</Table.Td>
                ))}
                <Table.Td>
                  {row.problems.length === 0 ? (
                    <Text size="sm" c="green">
                      {t('registers.bulk.ok')}
                    </Text>
                  ) : (
                    row.problems.map((p) => (
                      <Text key={`${p.column}:${p.message}`} size="sm" c="red">
                        {p.column ? `${p.column}: ${p.message}` : p.message}
                      </Text>
                    ))
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** A started batch: how far its job has come, then how many forms were made and the report of the rest. */
function BatchProgress({
  teamId,
  templateId,
  batch,
}: {
  teamId: string;
  templateId: string;
  batch: BulkFormBatch | undefined;
}) {
  const { t } = useTranslation();
  const processed = batch?.processed ?? 0;
  const total = batch?.total ?? 0;
  const percent = total === 0 ? 0 : Math.round((processed / total) * 100);
  const downloadReport = (batchId: string) =>
    void downloadFile(bulkFormPaths.report(teamId, templateId, batchId), 'rejected-rows.csv').catch(() =>
      showToast('error', t('registers.bulk.reportFailed')),
    );
  if (!batch || !bulkFormFinished(batch)) {
    return (
      <Stack gap="xs">
        <Text size="sm" role="status">
          {t('registers.bulk.creating', { processed, total })}
        </Text>
        <Progress value={percent} animated aria-label={t('registers.bulk.progress')} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Alert color={batch.state === 'failed' ? 'red' : batch.rejected > 0 ? 'yellow' : 'green'} role="status">
        {batch.state === 'failed'
          ? t('registers.bulk.createFailed')
          : t('registers.bulk.done', { created: batch.created, rejected: batch.rejected })}
      </Alert>
      {batch.rejected > 0 && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadReport(batch.batchId)}
          >
            {t('registers.bulk.downloadReport')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
