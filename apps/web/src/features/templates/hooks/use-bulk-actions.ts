import type { TemplateSummary } from '@formwork/shared/schemas/templates';
import { useTranslation } from '../../../lib/translate.tsx';
import { type BulkAction, bulkActions } from '../model/bulk.ts';
import type { TemplateRights } from '../model/template-rights.ts';
import type { TemplatesView } from '../model/templates-view.ts';
import type { BulkSelection } from './use-bulk-selection.ts';
import type { TemplateActions } from './use-template-actions.ts';
import type { TemplatesNavigation } from './use-templates-navigation.ts';

/** The bulk bar's actions for the current selection, which are enabled, and what each does. */
export function useBulkActions(
  { bulk, setDeploy }: BulkSelection,
  view: TemplatesView,
  rights: TemplateRights,
  actions: TemplateActions,
  nav: TemplatesNavigation,
) {
  const { t } = useTranslation();
  const selectedIds = bulk ? [...bulk.ids] : [];
  const selectedTemplates = bulk?.kind === 'templates' ? view.templates.filter((x) => bulk.ids.has(x.templateId)) : [];
  const offered = bulkActions(bulk, {
    isLibrary: rights.isLibrary,
    archivedView: rights.archivedView,
    canEditTabs: rights.canEditTabs,
    canEdit: rights.canEdit,
    canDeploy: rights.canDeploy,
    canArchive: rights.canArchive,
    canDelete: rights.canDelete,
    tabCount: view.serverTabs.length,
    editableSelected: selectedTemplates.length === 1 && rights.editable(selectedTemplates[0] as TemplateSummary),
  });
  const run = (action: BulkAction) => {
    switch (action) {
      case 'edit': {
        const [only] = selectedTemplates;
        if (only) nav.editTemplate(only.templateId);
        return;
      }
      case 'deleteTabs':
        return actions.deleteTabs(selectedIds);
      case 'deploy':
      case 'undeploy':
        return setDeploy({
          mode: action,
          templateIds: selectedIds,
          name: t('templates.countSelected', { count: selectedIds.length }),
        });
      case 'archive':
      case 'restore':
      case 'delete':
        return actions.requestState(action, selectedIds);
      case 'addToTab':
        return;
    }
  };
  return { selectedIds, offered, run };
}
