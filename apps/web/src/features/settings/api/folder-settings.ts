import type { FolderSettings } from '@formwork/shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The feature's query keys, broadest first. */
export const settingsKeys = {
  all: queryRoots.settings,
  folder: (folderId: string) => [...queryRoots.settings, 'folder', folderId] as const,
};

/** GET /api/folders/:folderId/settings (settings.view). */
export function useFolderSettings(folderId: string) {
  return useQuery({
    queryKey: settingsKeys.folder(folderId),
    queryFn: ({ signal }) =>
      apiRequest<FolderSettings>(`/api/folders/${encodeURIComponent(folderId)}/settings`, { signal }),
  });
}
