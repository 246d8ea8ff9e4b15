import { type TemplateFieldList, templateFieldListsSchema } from '@formwork/shared/schemas/list-fields';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import type { TemplateFolder } from './templates.ts';

/**
 * The lists a template's list fields may read, as the template editor asks for them (issue 18.5):
 * in the Template Library the List Library's active lists; in a team, the library lists deployed
 * to its project and the project's own lists, each with its properties. Whoever may edit the
 * folder's templates may ask (a team controller too, who cannot open the List Library). Keys sit
 * under the lists root, so a change made to a list refreshes them.
 */
const templateListKeys = {
  folder: (folder: TemplateFolder) => [...queryRoots.lists, 'template-lists', folder.kind, folder.folderId] as const,
};

const enc = encodeURIComponent;

export function useTemplateLists(folder: TemplateFolder) {
  const level = folder.kind === 'company' ? 'companies' : 'teams';
  return useQuery({
    queryKey: templateListKeys.folder(folder),
    queryFn: async ({ signal }): Promise<TemplateFieldList[]> =>
      (
        await apiRequest<{ lists: TemplateFieldList[] }>(`/api/${level}/${enc(folder.folderId)}/template-lists`, {
          signal,
          response: templateFieldListsSchema,
        })
      ).lists,
  });
}
