import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The root of every folder's shown zone: a change of one refreshes them all (teams inherit their project's). */
export const folderTimeZoneRoot = [...queryRoots.settings, 'time-zone'] as const;

/**
 * GET /api/folders/:folderId/time-zone (folder.view): the zone a project's or team's dates show in
 * (issue 23.1); undefined for the company (its zone is the workspace's) and while it loads.
 */
export function useFolderTimeZone(folder: { kind: string; folderId: string } | null): string | undefined {
  const folderId = folder && folder.kind !== 'company' ? folder.folderId : null;
  return useQuery({
    queryKey: [...folderTimeZoneRoot, folderId],
    queryFn: ({ signal }) =>
      apiRequest<{ timeZone: string }>(`/api/folders/${encodeURIComponent(folderId as string)}/time-zone`, {
        signal,
      }).then((r) => r.timeZone),
    enabled: folderId !== null,
  }).data;
}
