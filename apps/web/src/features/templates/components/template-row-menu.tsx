import type { TemplateSummary } from '@formwork/shared/schemas/templates';
import type { TemplatesPageModel } from '../hooks/use-templates-page.ts';
import { startBulk } from '../model/bulk.ts';
import { TemplateMenu } from './sidebar/template-menu.tsx';

/** A template's menu wherever it is listed (the sidebar under a tab or untagged, and the table). */
export function TemplateRowMenu({
  page,
  template,
  contextTabId,
}: {
  page: TemplatesPageModel;
  template: TemplateSummary;
  contextTabId: string | null;
}) {
  const { view, rights, nav, selection, actions } = page;
  const id = template.templateId;
  return (
    <TemplateMenu
      template={template}
      tabs={view.serverTabs}
      contextTabId={contextTabId}
      rights={rights.menuRights(template)}
      onEdit={() => nav.editTemplate(id)}
      onSelect={() => selection.setBulk(startBulk('templates', id))}
      onManageDeployment={() => selection.setDeploy({ mode: 'manage', templateId: id, name: template.name })}
      onAddToTab={(tabId) => void actions.addToTab([id], tabId)}
      onRemoveFromTab={(tabId) => actions.removeFromTab(template, tabId)}
      onArchive={() => actions.requestState('archive', [id])}
      onRestore={() => actions.requestState('restore', [id])}
      onDelete={() => actions.requestState('delete', [id])}
    />
  );
}
