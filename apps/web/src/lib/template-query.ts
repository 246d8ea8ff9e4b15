import type { TemplateListState } from '@formwork/shared/schemas/templates';
import { type Template, type TemplateList, templateSchema } from '@formwork/shared/schemas/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './http.ts';
import { queryRoots } from './query-keys.ts';

const enc = encodeURIComponent;

/**
 * The template queries that several features read (the templates feature's editor and preview,
 * the form page, the workflow board, the register, the timeline's New form): one key and one
 * request each, so a save in the editor refreshes every reader.
 */
export const templateQueryKeys = {
  all: queryRoots.templates,
  lists: () => [...queryRoots.templates, 'list'] as const,
  list: (kind: 'company' | 'team', folderId: string, state: TemplateListState) =>
    [...queryRoots.templates, 'list', kind, folderId, state] as const,
  byId: (templateId: string) => [...queryRoots.templates, 'one', templateId] as const,
};

/** GET /api/templates/{id} with its current definition. */
export function fetchTemplate(templateId: string): Promise<Template> {
  return apiRequest<Template>(`/api/templates/${enc(templateId)}?lightweight=false`, { response: templateSchema });
}

/**
 * The one query of a template by id. Asked again whenever a screen opens it (an editor must not
 * start from an old version, nor a form from an old definition). Failures are the screen's to
 * show, unless it asks for the app's general error toast (`reportErrors`).
 */
export function templateQuery(templateId: string, { reportErrors = false } = {}) {
  return queryOptions({
    queryKey: templateQueryKeys.byId(templateId),
    queryFn: () => fetchTemplate(templateId),
    staleTime: 0,
    meta: { handlesErrors: !reportErrors },
  });
}

/** The template by id; nothing while `templateId` is null. */
export function useTemplateById(templateId: string | null, options: { reportErrors?: boolean } = {}) {
  return useQuery({ ...templateQuery(templateId ?? '-', options), enabled: templateId !== null });
}

/** A folder's template list in one state (the Template Library or a team's Templates). */
export function fetchTemplateList(kind: 'company' | 'team', folderId: string, state: TemplateListState) {
  const folder = kind === 'company' ? `companies/${enc(folderId)}` : `teams/${enc(folderId)}`;
  return apiRequest<TemplateList>(`/api/${folder}/templates?state=${state}`);
}
