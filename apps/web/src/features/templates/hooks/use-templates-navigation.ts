import type { TemplateListState, TemplateSummary } from '@formwork/shared/schemas/templates';
import { useNavigate } from 'react-router';
import type { TemplateFolder } from '../api/templates.ts';
import type { TemplateRights } from '../model/template-rights.ts';
import { libraryPath, newTemplatePath, templateEditorPath, templatesPath } from '../template-paths.ts';

/** Where the templates page goes: another view of the folder, a template's editor or preview, a new template, the free library. */
export function useTemplatesNavigation(
  folder: TemplateFolder,
  state: TemplateListState,
  rights: TemplateRights,
  onPreview: (templateId: string) => void,
) {
  const navigate = useNavigate();
  const goTo = (nextTabId?: string, nextState: TemplateListState = state) =>
    navigate(templatesPath(folder.kind, folder.folderId, nextState, nextTabId));
  const editTemplate = (templateId: string) => navigate(templateEditorPath(folder.kind, folder.folderId, templateId));
  const newTemplate = (tabId?: string) => navigate(newTemplatePath(folder.kind, folder.folderId, tabId));
  /** Add Template > Browse free templates (spec 2.5): the free library, copying into this folder. */
  const browseFree = () => navigate(libraryPath(folder.kind, folder.folderId));
  const openTemplate = (tpl: TemplateSummary) => {
    if (rights.editable(tpl) && !rights.archivedView) editTemplate(tpl.templateId);
    else onPreview(tpl.templateId);
  };
  return { goTo, editTemplate, newTemplate, browseFree, openTemplate };
}

export type TemplatesNavigation = ReturnType<typeof useTemplatesNavigation>;
