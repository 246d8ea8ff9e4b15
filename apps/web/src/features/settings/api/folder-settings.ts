import type { FolderSettings } from '@formwork/shared/schemas/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { folderTimeZoneRoot } from './folder-time-zone.ts';

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

/** PUT /api/folders/:folderId/time-zone (folder.rename): a project's or team's own zone, null to inherit. */
export function useSetFolderTimeZone(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string | null) =>
      apiRequest<FolderSettings>(`/api/folders/${encodeURIComponent(folderId)}/time-zone`, {
        method: 'PUT',
        body: { timeZone },
      }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKeys.folder(folderId), settings);
      // Every folder's shown zone may follow it (a project's teams inherit).
      await queryClient.invalidateQueries({ queryKey: folderTimeZoneRoot });
      await queryClient.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}
