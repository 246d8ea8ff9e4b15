import type { FolderKind } from '@formwork/shared/permissions';
import { folderLevelWord } from '@formwork/shared/permissions';
import type { ActivityPage } from '@formwork/shared/schemas/activity';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const activityPageSize = 50;

/** The feature's query keys (every change elsewhere refreshes `all`: queryRoots.activity). */
export const activityKeys = {
  all: queryRoots.activity,
  feed: (kind: FolderKind, folderId: string) => [...queryRoots.activity, kind, folderId] as const,
};

/** The audit events of a folder and everything below it, newest first, keyset-paged. */
export function useFolderActivity(kind: FolderKind, folderId: string) {
  return useInfiniteQuery({
    queryKey: activityKeys.feed(kind, folderId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(activityPageSize) });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<ActivityPage>(
        `/api/${folderLevelWord(kind)}/${encodeURIComponent(folderId)}/activity?${params}`,
        {
          signal,
        },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
