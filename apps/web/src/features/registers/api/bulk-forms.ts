import {
  type BulkFormBatch,
  type BulkFormPreview,
  bulkFormBatchSchema,
  bulkFormPreviewSchema,
} from '@formwork/shared/schemas/bulk-forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { useJobPoll } from '../../../lib/use-job-poll.ts';

const enc = encodeURIComponent;

/** Bulk form creation from a CSV (issue 21.4): its addresses and query keys. */
export const bulkFormPaths = {
  base: (teamId: string, templateId: string) => `/api/teams/${enc(teamId)}/templates/${enc(templateId)}/bulk-forms`,
  template: (teamId: string, templateId: string) => `${bulkFormPaths.base(teamId, templateId)}/template.csv`,
  batch: (teamId: string, templateId: string, batchId: string) =>
    `${bulkFormPaths.base(teamId, templateId)}/${enc(batchId)}`,
  report: (teamId: string, templateId: string, batchId: string) =>
    `${bulkFormPaths.batch(teamId, templateId, batchId)}/report.csv`,
};

export const bulkFormKeys = {
  batch: (teamId: string, templateId: string, batchId: string) => ['bulkForms', teamId, templateId, batchId] as const,
};

type Upload = { csv: string; batchId: string };

/** Every row read and checked by the server; nothing is created. */
export function useBulkFormPreview(teamId: string, templateId: string) {
  return useMutation({
    mutationFn: (body: Upload) =>
      apiRequest<BulkFormPreview>(bulkFormPaths.base(teamId, templateId), {
        method: 'POST',
        body: { ...body, create: false },
        response: bulkFormPreviewSchema,
      }),
    meta: { handlesErrors: true },
  });
}

/** Starts the creation (a retry with the same batch id answers the same batch). */
export function useBulkFormStart(teamId: string, templateId: string) {
  return useMutation({
    mutationFn: (body: Upload) =>
      apiRequest<BulkFormBatch>(bulkFormPaths.base(teamId, templateId), {
        method: 'POST',
        body: { ...body, create: true },
        response: bulkFormBatchSchema,
      }),
    meta: { handlesErrors: true },
  });
}

export const bulkFormFinished = (batch: BulkFormBatch | undefined) =>
  batch?.state === 'done' || batch?.state === 'failed';

/** A started batch's progress, polled until its job is done or failed; then the forms reload. */
export function useBulkFormBatch(teamId: string, templateId: string, batchId: string | null) {
  const client = useQueryClient();
  const query = useJobPoll({
    queryKey: bulkFormKeys.batch(teamId, templateId, batchId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<BulkFormBatch>(bulkFormPaths.batch(teamId, templateId, batchId as string), {
        signal,
        response: bulkFormBatchSchema,
      }),
    enabled: batchId !== null,
    pending: (batch) => !bulkFormFinished(batch),
    intervalMs: 500,
    meta: { handlesErrors: true },
  });
  const finished = bulkFormFinished(query.data);
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: queryRoots.forms });
  }, [finished, client]);
  return query;
}
