import { can, type Membership } from '@formwork/shared/permissions';
import type { TemplateListState, TemplateSummary } from '@formwork/shared/schemas/templates';
import type { TemplateFolder } from '../api/templates.ts';

/** What the viewer may do in one folder's template list (spec 2.5, 5.5). */
export type TemplateRights = {
  canEditTabs: boolean;
  canEdit: boolean;
  canArchive: boolean;
  canDelete: boolean;
  canDeploy: boolean;
  isLibrary: boolean;
  archivedView: boolean;
  /** A team sees library templates by deployment: those are edited in the library only. */
  editable: (tpl: TemplateSummary) => boolean;
  /** The rights a template's menu offers (the sidebar's and the table's). */
  menuRights: (tpl: TemplateSummary) => {
    archivedView: boolean;
    editable: boolean;
    canEdit: boolean;
    canDeploy: boolean;
    canArchive: boolean;
    canDelete: boolean;
  };
};

export function templateRights(
  viewer: Membership,
  folder: TemplateFolder,
  path: readonly string[],
  state: TemplateListState,
): TemplateRights {
  const companyRef = { kind: 'company' as const, path: [folder.companyId] };
  const folderRef = { kind: folder.kind, path };
  const canEditTabs = can(viewer, 'tabs.edit', companyRef);
  const canEdit = can(viewer, 'template.edit', folderRef);
  const canArchive = can(viewer, 'template.archive', folderRef);
  const canDelete = can(viewer, 'template.delete', folderRef);
  const canDeploy = can(viewer, 'template.deploy', companyRef);
  const archivedView = state === 'archived';
  const editable = (tpl: TemplateSummary) => canEdit && !(folder.kind === 'team' && tpl.isCompany);
  return {
    canEditTabs,
    canEdit,
    canArchive,
    canDelete,
    canDeploy,
    isLibrary: folder.kind === 'company',
    archivedView,
    editable,
    menuRights: (tpl) => ({ archivedView, editable: editable(tpl), canEdit, canDeploy, canArchive, canDelete }),
  };
}
