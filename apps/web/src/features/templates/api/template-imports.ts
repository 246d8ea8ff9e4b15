import {
  type TemplateImport,
  type TemplateImportList,
  type TemplateImportSummary,
  templateImportListSchema,
  templateImportSchema,
} from '@formwork/shared/schemas/template-imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../../../lib/http.ts';
import { useJobPoll } from '../../../lib/use-job-poll.ts';
import type { TemplateFolder } from './templates.ts';

/** Template import from documents (issue 22.1): a folder's imports, one import, upload and dismiss. */

const enc = encodeURIComponent;
const importsPath = (folder: Pick<TemplateFolder, 'kind' | 'folderId'>) =>
  `/api/${folder.kind === 'company' ? 'companies' : 'teams'}/${enc(folder.folderId)}/template-imports`;

export const templateImportKeys = {
  list: (folderId: string) => ['templateImports', folderId] as const,
  one: (folderId: string, importId: string) => ['templateImports', folderId, importId] as const,
};

const converting = (i: TemplateImportSummary) => i.state === 'queued' || i.state === 'processing';

/** The folder's imports, polled while any is being converted. */
export function useTemplateImports(folder: TemplateFolder, enabled: boolean) {
  return useJobPoll<TemplateImportList>({
    queryKey: templateImportKeys.list(folder.folderId),
    queryFn: () => apiRequest(importsPath(folder), { response: templateImportListSchema }),
    pending: (data) => (data?.imports ?? []).some(converting),
    enabled,
    intervalMs: 1500,
  });
}

export function useTemplateImport(folder: TemplateFolder, importId: string | null) {
  return useQuery({
    queryKey: templateImportKeys.one(folder.folderId, importId ?? '-'),
    queryFn: () =>
      apiRequest<TemplateImport>(`${importsPath(folder)}/${enc(importId ?? '')}`, { response: templateImportSchema }),
    enabled: importId !== null,
  });
}

/** Uploads one file (its raw bytes); the list refreshes and polls its conversion. */
export function useUploadTemplateImport(folder: TemplateFolder) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload<TemplateImportSummary>(`${importsPath(folder)}?fileName=${enc(file.name)}`, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateImportKeys.list(folder.folderId) }),
    meta: { handlesErrors: true },
  });
}

export function useDismissTemplateImport(folder: TemplateFolder) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => apiRequest<void>(`${importsPath(folder)}/${enc(importId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateImportKeys.list(folder.folderId) }),
    meta: { handlesErrors: true },
  });
}
