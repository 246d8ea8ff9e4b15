import type { CreatePdfExportBody, PdfExportJob } from '@formwork/shared/schemas/pdf-exports';
import { Button, CloseButton, Group, Loader, Text } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download.ts';
import { apiRequest } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useJobPoll } from '../../../lib/use-job-poll.ts';
import { timelineKeys } from '../api/timeline.ts';

const enc = encodeURIComponent;

/** Selected forms as a ZIP of PDFs, built as a job: progress, then 'Ready to download' or 'Processing failed'. */
export function PdfZipExport({ teamId, formIds }: { teamId: string; formIds: string[] }) {
  const { t } = useTranslation();
  const [exportId, setExportId] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: CreatePdfExportBody) =>
      apiRequest<PdfExportJob>(`/api/teams/${enc(teamId)}/forms/pdf-exports`, { method: 'POST', body }),
    meta: { handlesErrors: true },
  });
  const job = useJobPoll({
    queryKey: timelineKeys.pdfExport(teamId, exportId),
    queryFn: () => apiRequest<PdfExportJob>(`/api/teams/${enc(teamId)}/pdf-exports/${enc(exportId as string)}`),
    enabled: exportId !== null,
    pending: (data) => !['ready', 'failed'].includes(data?.state ?? ''),
  });
  const start = async () => {
    try {
      // Times print in the workspace's time zone (the server knows it).
      const created = await create.mutateAsync({ formIds });
      setExportId(created.exportId);
    } catch {
      showToast('error', t('timeline.pdfZipFailed'));
    }
  };
  const current = job.data;
  return (
    <Group gap={6} wrap="nowrap">
      {current && (
        <Group gap={6} wrap="nowrap" data-pdf-export-state={current.state}>
          {(current.state === 'queued' || current.state === 'running') && <Loader size="xs" />}
          <Text size="sm" c={current.state === 'failed' ? 'red' : undefined}>
            {current.stateLabel}
          </Text>
          {current.state === 'ready' && current.downloadUrl && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() =>
                void downloadFile(current.downloadUrl as string, current.fileName ?? 'forms.zip').catch(() =>
                  showToast('error', t('registers.downloadFailed')),
                )
              }
            >
              {t('registers.download')}
            </Button>
          )}
          <CloseButton size="sm" aria-label={t('registers.dismissExport')} onClick={() => setExportId(null)} />
        </Group>
      )}
      {formIds.length > 0 && (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconFileZip size={14} />}
          loading={create.isPending}
          onClick={() => void start()}
        >
          {t('timeline.pdfZip')}
        </Button>
      )}
    </Group>
  );
}
