import type { Membership } from '@formwork/shared/permissions';
import type { TemplateListState } from '@formwork/shared/schemas/templates';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import { type TemplateFolder, useTemplateList } from '../api/templates.ts';
import { templateRights } from '../model/template-rights.ts';
import { templatesView } from '../model/templates-view.ts';
import { useBulkActions } from './use-bulk-actions.ts';
import { useBulkSelection } from './use-bulk-selection.ts';
import { useConfirmation } from './use-confirmation.ts';
import { useDeploymentActions } from './use-deployment-actions.ts';
import { useReportError } from './use-report-error.ts';
import { useTabEditing } from './use-tab-editing.ts';
import { useTemplateActions } from './use-template-actions.ts';
import { useTemplatesNavigation } from './use-templates-navigation.ts';

export type TemplatesPageProps = {
  folder: TemplateFolder;
  /** The folder's path [companyId, projectId?, teamId?] for the permission rules. */
  path: readonly string[];
  viewer: Membership;
  state: TemplateListState;
  tabId: string | null;
  /** Opens a template for someone who may not edit it (a read-only preview). */
  onPreview: (templateId: string) => void;
};

/** Everything the templates page's views read and do: its list, rights, selection, tab edits and actions. */
export function useTemplatesPage({ folder, path, viewer, state, tabId, onPreview }: TemplatesPageProps) {
  const { t } = useTranslation();
  const list = useTemplateList(folder, state);
  const view = templatesView(list.data, tabId);
  const rights = templateRights(viewer, folder, path, state);
  const reportError = useReportError();
  const confirm = useConfirmation();
  const selection = useBulkSelection(`${folder.folderId}|${state}`, confirm.confirmation !== null);
  const nav = useTemplatesNavigation(folder, state, rights, onPreview);
  const tabEditing = useTabEditing({
    companyId: folder.companyId,
    serverTabs: view.serverTabs,
    tabId,
    setBulk: selection.setBulk,
    goTo: nav.goTo,
    reportError,
  });
  const actions = useTemplateActions({
    companyId: folder.companyId,
    templates: view.templates,
    serverTabs: view.serverTabs,
    tabId,
    confirm,
    setBulk: selection.setBulk,
    goTo: nav.goTo,
    reload: tabEditing.reload,
    reportError,
  });
  const deployment = useDeploymentActions(folder, selection, reportError);
  const bulkActions = useBulkActions(selection, view, rights, actions, nav);
  const title = rights.isLibrary ? t('templates.libraryTitle') : t('templates.teamTitle');
  // The import dialog (issue 22.1), opened from Add Template.
  const [importing, setImporting] = useState(false);
  return {
    folder,
    importDialog: { open: importing, setOpen: setImporting },
    state,
    tabId,
    title,
    list,
    view,
    rights,
    confirm,
    selection,
    nav,
    tabEditing,
    actions,
    deployment,
    bulkActions,
  };
}

export type TemplatesPageModel = ReturnType<typeof useTemplatesPage>;
