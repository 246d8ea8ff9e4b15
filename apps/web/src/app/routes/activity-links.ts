import type { ActivityEvent } from '@formwork/shared/schemas/activity';
import { activityPath } from '../../features/folders/folder-paths.ts';
import { listPath } from '../../features/lists/list-paths.ts';
import { templateEditorPath, templatesPath } from '../../features/templates/template-paths.ts';
import { formPath } from '../../lib/form-paths.ts';

/**
 * Where an activity entry leads (issue 14.9): the folder, form, template, tab, list or action it is
 * about. Deleted subjects, exports and files (no page of their own yet) lead nowhere.
 */
export function activityLink(
  event: Pick<ActivityEvent, 'action' | 'subjectType' | 'subjectId' | 'folderPath'>,
): string | null {
  const id = event.subjectId;
  if (!id || event.action.endsWith('.deleted')) return null;
  const [companyId, , teamId] = event.folderPath;
  switch (event.subjectType) {
    case 'company':
    case 'project':
    case 'team':
      return activityPath(event.subjectType, id);
    case 'form':
      return teamId ? formPath(teamId, id) : null;
    case 'template':
      if (teamId) return templateEditorPath('team', teamId, id);
      return companyId && event.folderPath.length === 1 ? templateEditorPath('company', companyId, id) : null;
    case 'tab':
      if (teamId) return templatesPath('team', teamId, 'active', id);
      return companyId && event.folderPath.length === 1 ? templatesPath('company', companyId, 'active', id) : null;
    case 'list': {
      const [, projectId] = event.folderPath;
      if (projectId && event.folderPath.length === 2) return listPath('project', projectId, id);
      return companyId && event.folderPath.length === 1 ? listPath('company', companyId, id) : null;
    }
    case 'action':
      // The shell opens the action of ?actionId over the page the user is on.
      return `?${new URLSearchParams({ actionId: id })}`;
    default:
      return null;
  }
}
