import type { Tab, TabStyle } from '@formwork/shared/schemas/tabs';
import type {
  BulkDeploymentResult,
  Deployment,
  Template,
  TemplateCreate,
  TemplateListState,
  TemplateSave,
  TemplateStateChangeResult,
} from '@formwork/shared/schemas/templates';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { fetchTemplateList, templateQueryKeys, useTemplateById } from '../../../lib/template-query.ts';

/** Where a template list lives: the Template Library (company) or a team's Templates. */
export type TemplateFolder = { kind: 'company' | 'team'; folderId: string; companyId: string };

const enc = encodeURIComponent;
/**
 * The feature's query keys, broadest first: invalidating `all` refreshes lists, details and
 * deployments. Lists and `detail` are the app's template queries (lib/template-query.ts), which
 * the forms, registers and timeline features read too, so a change here refreshes them.
 */
export const templateKeys = {
  all: templateQueryKeys.all,
  lists: templateQueryKeys.lists,
  list: (folder: TemplateFolder, state: TemplateListState) =>
    templateQueryKeys.list(folder.kind, folder.folderId, state),
  detail: templateQueryKeys.byId,
  deployment: (templateId: string) => [...templateQueryKeys.all, 'deployment', templateId] as const,
};

function listPath(folder: TemplateFolder) {
  return folder.kind === 'company'
    ? `/api/companies/${enc(folder.folderId)}/templates`
    : `/api/teams/${enc(folder.folderId)}/templates`;
}

/** The list of one folder in one state, with the workspace's tabs. */
export function useTemplateList(folder: TemplateFolder, state: TemplateListState) {
  return useQuery({
    queryKey: templateKeys.list(folder, state),
    queryFn: () => fetchTemplateList(folder.kind, folder.folderId, state),
  });
}

/** The template by id with its definition (the app's one template query). */
export const useTemplate = (templateId: string | null) => useTemplateById(templateId);

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: templateKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
    ]);
}

export function useCreateTemplate(folder: TemplateFolder) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: TemplateCreate) => apiRequest<Template>(listPath(folder), { method: 'POST', body }),
    onSuccess: () => invalidate(),
    meta: { handlesErrors: true },
  });
}

export function useSaveTemplate(templateId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: TemplateSave) =>
      apiRequest<Template>(`/api/templates/${enc(templateId)}`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.detail(templateId), saved);
      void invalidate();
    },
    meta: { handlesErrors: true },
  });
}

export function useCloneTemplate(templateId: string) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: { name: string; templateCode: string; formName?: string; type?: Template['type'] }) =>
      apiRequest<Template>(`/api/templates/${enc(templateId)}/clone`, { method: 'POST', body }),
    onSuccess: () => invalidate(),
    meta: { handlesErrors: true },
  });
}

export type TemplateStateAction = 'archive' | 'restore' | 'delete';

/** Archive, restore or delete templates of one folder (spec 7). */
export function useChangeTemplateState() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({
      action,
      folderId,
      isCompany,
      templateIds,
    }: {
      action: TemplateStateAction;
      folderId: string;
      isCompany: boolean;
      templateIds: string[];
    }) =>
      apiRequest<TemplateStateChangeResult>(`/api/templates/${action}`, {
        method: 'POST',
        body: { folderId, isCompany, templates: templateIds.map((_id) => ({ _id })) },
      }),
    onSuccess: () => invalidate(),
    meta: { handlesErrors: true },
  });
}

export function useDeployment(templateId: string | null) {
  return useQuery({
    queryKey: templateKeys.deployment(templateId ?? '-'),
    queryFn: () => apiRequest<Deployment>(`/api/templates/${enc(templateId as string)}/deployment`),
    enabled: templateId !== null,
    staleTime: 0,
  });
}

export function useSetDeployment() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ templateId, teamIds }: { templateId: string; teamIds: string[] }) =>
      apiRequest<Deployment>(`/api/templates/${enc(templateId)}/deployment`, { method: 'PUT', body: { teamIds } }),
    onSuccess: () => invalidate(),
    meta: { handlesErrors: true },
  });
}

export function useBulkDeployment(companyId: string) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({
      mode,
      templateIds,
      teamIds,
    }: {
      mode: 'deploy' | 'undeploy';
      templateIds: string[];
      teamIds: string[];
    }) =>
      apiRequest<BulkDeploymentResult>(`/api/companies/${enc(companyId)}/templates/${mode}`, {
        method: 'POST',
        body: { templateIds, teamIds },
      }),
    onSuccess: () => invalidate(),
    meta: { handlesErrors: true },
  });
}

// Tabs (spec 4.3, 7) -------------------------------------------------------------------------

const tabsPath = (companyId: string) => `/api/companies/${enc(companyId)}/template-tabs`;

export function useTabMutations(companyId: string) {
  const invalidate = useInvalidateTemplates();
  const meta = { handlesErrors: true };
  const create = useMutation({
    mutationFn: (tab: { id?: string; name: string; style: TabStyle; sortValue: number }) =>
      apiRequest<Tab>(tabsPath(companyId), { method: 'POST', body: tab }),
    onSuccess: () => invalidate(),
    meta,
  });
  const update = useMutation({
    mutationFn: (tab: Tab) =>
      apiRequest<Tab>(`${tabsPath(companyId)}/${enc(tab.id)}`, {
        method: 'PUT',
        body: { name: tab.name, style: tab.style, sortValue: tab.sortValue },
      }),
    onSuccess: () => invalidate(),
    meta,
  });
  const remove = useMutation({
    mutationFn: (tabIds: string[]) =>
      apiRequest<{ deleted: string[] }>(`${tabsPath(companyId)}/delete`, { method: 'POST', body: { tabIds } }),
    onSuccess: () => invalidate(),
    meta,
  });
  const order = useMutation({
    mutationFn: (tabIds: string[]) =>
      apiRequest<{ tabs: Tab[] }>(`${tabsPath(companyId)}/order`, {
        method: 'PUT',
        body: { tabs: tabIds.map((id) => ({ id })) },
      }),
    onSuccess: () => invalidate(),
    meta,
  });
  return { create, update, remove, order };
}

/** Adds or removes one tab on one template; callers loop per template (spec 8.2). */
export function setTemplateTab(templateId: string, tabId: string, on: boolean) {
  return apiRequest<{ templateId: string; tabIds: string[] }>(`/api/templates/${enc(templateId)}/tabs/${enc(tabId)}`, {
    method: on ? 'PUT' : 'DELETE',
  });
}

export type UploadedFile = { fileId: string; url: string; contentType: string; byteSize: number };

/** Header/footer logos and images (spec 5.1): the raw bytes, sniffed and re-encoded by the server. */
export function uploadImage(companyId: string, purpose: 'logo' | 'image', file: File, folderId?: string) {
  const query = new URLSearchParams({
    purpose,
    ...(folderId ? { folderId } : {}),
    ...(file.name ? { fileName: file.name } : {}),
  });
  return apiUpload<UploadedFile>(`/api/companies/${enc(companyId)}/files?${query}`, file);
}

export type { TemplateDefinition };
