import type { TemplateListState } from '@formwork/shared/schemas/templates';

type Kind = 'company' | 'team';
const word = (kind: Kind) => (kind === 'company' ? 'companies' : 'teams');

/** Spec 2.2: /apps/companies/{id}/active (Template Library) and /apps/teams/{id}/active (Templates). */
export function templatesPath(kind: Kind, folderId: string, state: TemplateListState = 'active', tabId?: string) {
  return `/apps/${word(kind)}/${folderId}/${state}${tabId ? `/tabs/${tabId}` : ''}`;
}

/** The template editor, under the folder the template lives in. */
export function templateEditorPath(kind: Kind, folderId: string, templateId: string) {
  return `/apps/${word(kind)}/${folderId}/templates/${templateId}/edit`;
}

export function newTemplatePath(kind: Kind, folderId: string, tabId?: string) {
  return `/apps/${word(kind)}/${folderId}/templates/new${tabId ? `?tabId=${tabId}` : ''}`;
}

/**
 * Spec 2.1 `library-apps`: the free template library (issue 22.2), opened for the folder a copy
 * goes to: the Template Library of a company, or a team's Templates.
 */
export function libraryPath(kind: Kind, folderId: string) {
  return `/library-apps/${word(kind)}/${folderId}`;
}
