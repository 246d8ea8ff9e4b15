import {
  type CreateFormBody,
  type Form,
  type FormActionResult,
  type FormDetail,
  formDetailSchema,
  formHistorySchema,
  formVersionSchema,
  registerPageSchema,
  type SaveFormBody,
} from '@formwork/shared/schemas/forms';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, apiUpload } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

const enc = encodeURIComponent;
export type FormHistory = z.infer<typeof formHistorySchema>;
export type FormVersion = z.infer<typeof formVersionSchema>;
export type FormDetailTyped = Omit<FormDetail, 'template'> & {
  template: Omit<FormDetail['template'], 'definition'> & { definition: TemplateDefinition };
};

/** The feature's query keys, broadest first (the timeline and registers read forms under `all` too). */
export const formKeys = {
  all: queryRoots.forms,
  one: (teamId: string, formId: string) => [...queryRoots.forms, 'one', teamId, formId] as const,
  history: (teamId: string, formId: string) => [...queryRoots.forms, 'history', teamId, formId] as const,
  version: (teamId: string, formId: string, version: number | null) =>
    [...queryRoots.forms, 'version', teamId, formId, version] as const,
  board: (teamId: string, templateId: string) => [...queryRoots.forms, 'board', teamId, templateId] as const,
  boardColumn: (teamId: string, templateId: string, column: number, last: boolean) =>
    [...formKeys.board(teamId, templateId), column, last] as const,
  related: (teamId: string, templateId: string | null) => [...queryRoots.forms, 'related', teamId, templateId] as const,
};

const teamPath = (teamId: string) => `/api/teams/${enc(teamId)}`;

export function useFormDetail(teamId: string, formId: string | null) {
  return useQuery({
    queryKey: formKeys.one(teamId, formId ?? '-'),
    queryFn: () =>
      apiRequest<FormDetailTyped>(`${teamPath(teamId)}/forms/${enc(formId as string)}`, { response: formDetailSchema }),
    enabled: formId !== null,
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

function useInvalidateForms() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: formKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
    ]);
}

/** Create with the client-generated id: a retry of the same body answers the same form. */
export function useCreateForm(teamId: string) {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (body: CreateFormBody) => apiRequest<Form>(`${teamPath(teamId)}/forms`, { method: 'POST', body }),
    onSuccess: () => void invalidate(),
    retry: 2,
    meta: { handlesErrors: true },
  });
}

export function useSaveForm(teamId: string, formId: string) {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (body: SaveFormBody) =>
      apiRequest<Form>(`${teamPath(teamId)}/forms/${enc(formId)}`, { method: 'PUT', body }),
    onSuccess: () => void invalidate(),
    meta: { handlesErrors: true },
  });
}

export function useFormHistory(teamId: string, formId: string, enabled: boolean) {
  return useQuery({
    queryKey: formKeys.history(teamId, formId),
    queryFn: () =>
      apiRequest<FormHistory>(`${teamPath(teamId)}/forms/${enc(formId)}/versions`, { response: formHistorySchema }),
    enabled,
    staleTime: 0,
  });
}

/** One saved version of a form (null asks for none); versions never change once saved. */
export function useFormVersion(teamId: string, formId: string, version: number | null) {
  return useQuery({
    queryKey: formKeys.version(teamId, formId, version),
    queryFn: () =>
      apiRequest<FormVersion>(`${teamPath(teamId)}/forms/${enc(formId)}/versions/${version}`, {
        response: formVersionSchema,
      }),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCloneForm(teamId: string, formId: string) {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (newFormId: string) =>
      apiRequest<Form>(`${teamPath(teamId)}/forms/${enc(formId)}/clone`, {
        method: 'POST',
        body: { formId: newFormId },
      }),
    onSuccess: () => void invalidate(),
    retry: 2,
    meta: { handlesErrors: true },
  });
}

export type FormChange = 'archive' | 'restore' | 'delete';

/** Archive, restore or delete forms; each form is answered on its own. */
export function useChangeForms(teamId: string) {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: ({ change, formIds }: { change: FormChange; formIds: string[] }) =>
      apiRequest<FormActionResult>(`${teamPath(teamId)}/forms/${change}`, { method: 'POST', body: { formIds } }),
    onSuccess: () => void invalidate(),
    meta: { handlesErrors: true },
  });
}

export function useWorkflowMove(teamId: string) {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (input: { formId: string; baseVersion: number; signature: { fileId: string; signerName?: string } }) =>
      apiRequest<Form>(`${teamPath(teamId)}/forms/${enc(input.formId)}/workflow/move`, {
        method: 'POST',
        body: { baseVersion: input.baseVersion, signature: input.signature },
      }),
    onSuccess: () => void invalidate(),
    meta: { handlesErrors: true },
  });
}

export function useWorkflowReset(teamId: string) {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (input: { formId: string; baseVersion: number; column: number }) =>
      apiRequest<Form>(`${teamPath(teamId)}/forms/${enc(input.formId)}/workflow/reset`, {
        method: 'POST',
        body: { baseVersion: input.baseVersion, column: input.column },
      }),
    onSuccess: () => void invalidate(),
    meta: { handlesErrors: true },
  });
}

/** Uploads a photo, signature or sketch of a form in this team. */
export function uploadFormFile(
  companyId: string,
  teamId: string,
  purpose: 'photo' | 'signature' | 'sketch',
  file: Blob,
  keepLocation = false,
) {
  const params = new URLSearchParams({ purpose, folderId: teamId, keepLocation: String(keepLocation) });
  // A photo the user chose keeps its name (activity and lists name it); drawn files have none.
  if (file instanceof File && file.name) params.set('fileName', file.name);
  return apiUpload<{ fileId: string; url: string }>(`/api/companies/${enc(companyId)}/files?${params}`, file);
}

export const fileUrl = (companyId: string, fileId: string) => `/api/companies/${enc(companyId)}/files/${enc(fileId)}`;

type BoardPage = { rows: import('@formwork/shared/schemas/forms').FormRow[]; nextCursor: string | null };
export const boardPageSize = 50;

/**
 * One column of a workflow template's board: the team's forms in it, newest first, a page at a
 * time. The last column also holds forms of columns a later template version removed.
 */
export function useBoardColumn(teamId: string, templateId: string, column: { index: number; last: boolean }) {
  return useInfiniteQuery({
    queryKey: formKeys.boardColumn(teamId, templateId, column.index, column.last),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        limit: String(boardPageSize),
        columns: '',
        sort: 'updatedAt',
        direction: 'desc',
        filter: `workflowColumn:${column.last ? 'gte' : 'eq'}:${column.index}`,
      });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<BoardPage>(`${teamPath(teamId)}/templates/${enc(templateId)}/register?${params}`, {
        signal,
        response: registerPageSchema,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** Reloads every column of the board (after a move). */
export function useReloadBoard(teamId: string, templateId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: formKeys.board(teamId, templateId) });
}
