import {
  type CreateExportBody,
  type ExportJob,
  exportJobSchema,
  type RegisterPage,
  registerPageSchema,
} from '@formwork/shared/schemas/forms';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { useJobPoll } from '../../../lib/use-job-poll.ts';

const enc = encodeURIComponent;
export const registerPageSize = 50;

/** The feature's query keys: a register's pages are forms (refreshed with them); exports their own. */
export const registerKeys = {
  pages: (teamId: string, templateId: string, options: RegisterOptions) =>
    [...queryRoots.forms, 'register', teamId, templateId, options] as const,
  export: (teamId: string, exportId: string | null) => ['exports', teamId, exportId] as const,
};

export type RegisterOptions = {
  state: 'active' | 'archived';
  sort: string;
  direction: 'asc' | 'desc';
  /** `key:op:value` (see parseRegisterFilter). */
  filters: string[];
  /** Field ids to fetch values for. */
  columns: string[];
};

/** The query string of one register page (keyset: the previous page's cursor). */
export function registerSearch(options: RegisterOptions, cursor: string | null, limit = registerPageSize) {
  const params = new URLSearchParams({
    state: options.state,
    sort: options.sort,
    direction: options.direction,
    limit: String(limit),
    columns: options.columns.join(','),
  });
  for (const f of options.filters) params.append('filter', f);
  if (cursor) params.set('cursor', cursor);
  return params;
}

export function useRegister(teamId: string, templateId: string, options: RegisterOptions, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: registerKeys.pages(teamId, templateId, options),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<RegisterPage>(
        `/api/teams/${enc(teamId)}/templates/${enc(templateId)}/register?${registerSearch(options, pageParam)}`,
        { signal, response: registerPageSchema },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}

export function useCreateExport(teamId: string, templateId: string) {
  return useMutation({
    mutationFn: (body: CreateExportBody) =>
      apiRequest<ExportJob>(`/api/teams/${enc(teamId)}/templates/${enc(templateId)}/exports`, { method: 'POST', body }),
    meta: { handlesErrors: true },
  });
}

/** Polls an export until it is ready or failed. */
export function useExportJob(teamId: string, exportId: string | null) {
  return useJobPoll({
    queryKey: registerKeys.export(teamId, exportId),
    queryFn: () =>
      apiRequest<ExportJob>(`/api/teams/${enc(teamId)}/exports/${enc(exportId as string)}`, {
        response: exportJobSchema,
      }),
    enabled: exportId !== null,
    pending: (job) => job?.state !== 'ready' && job?.state !== 'failed',
  });
}
