import type { Role } from '@formwork/shared/permissions';
import {
  type BulkInviteBody,
  type BulkInviteResult,
  bulkInviteResultSchema,
  type FolderPeoplePage,
  folderPeoplePageSchema,
  type Invitation,
  type InviteBatch,
  type InviteBody,
  invitationLinkSchema,
  invitationSchema,
  invitationsSchema,
  inviteBatchSchema,
  type LevelFilter,
} from '@formwork/shared/schemas/people';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/http.ts';
import { useJobPoll } from '../../../lib/use-job-poll.ts';

export const usersPageSize = 50;

export type PeopleFilters = {
  search: string;
  level: LevelFilter | null;
  userType: 'contributor' | 'visitor' | null;
  status: 'active' | 'deactivated' | null;
  sort: 'name' | 'email' | 'level' | 'lastActive';
  direction: 'asc' | 'desc';
};

/** Query keys of the Users page: everything of a folder is invalidated together after a change. */
export const usersKeys = {
  all: ['users'] as const,
  folder: (folderId: string) => ['users', folderId] as const,
  people: (folderId: string, filters?: PeopleFilters) =>
    filters ? (['users', folderId, 'people', filters] as const) : (['users', folderId, 'people'] as const),
  invitations: (folderId: string) => ['users', folderId, 'invitations'] as const,
  batch: (folderId: string, batchId: string) => ['users', folderId, 'batches', batchId] as const,
};

/** Issue 16.1: the people of a folder and below, filtered and keyset-paged by the server. */
export function useFolderPeople(folderId: string, filters: PeopleFilters) {
  return useInfiniteQuery({
    queryKey: usersKeys.people(folderId, filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        limit: String(usersPageSize),
        sort: filters.sort,
        direction: filters.direction,
      });
      if (filters.search.trim()) params.set('search', filters.search.trim());
      if (filters.level) params.set('level', filters.level);
      if (filters.userType) params.set('userType', filters.userType);
      if (filters.status) params.set('status', filters.status);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<FolderPeoplePage>(`/api/folders/${encodeURIComponent(folderId)}/people?${params}`, {
        signal,
        response: folderPeoplePageSchema,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function usePendingInvitations(folderId: string, enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.invitations(folderId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ invitations: Invitation[] }>(`/api/folders/${encodeURIComponent(folderId)}/invitations`, {
          signal,
          response: invitationsSchema,
        })
      ).invitations,
    enabled,
  });
}

function useFolderMutation<V, R>(
  folderId: string,
  run: (v: V) => Promise<R>,
  options: { handlesErrors?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: options.handlesErrors ? { handlesErrors: true } : undefined,
    onSettled: () => client.invalidateQueries({ queryKey: usersKeys.folder(folderId) }),
  });
}

const base = (folderId: string) => `/api/folders/${encodeURIComponent(folderId)}`;

/** Invite one person; the dialog shows the server's field errors itself. */
export function useInvite(folderId: string) {
  return useFolderMutation(
    folderId,
    (body: InviteBody) =>
      apiRequest<Invitation>(`${base(folderId)}/invitations`, { method: 'POST', body, response: invitationSchema }),
    { handlesErrors: true },
  );
}

/** Bulk invite's preview (send: false): every row checked; the dialog shows what goes wrong itself. */
export function useBulkInviteCheck(folderId: string) {
  return useMutation({
    mutationFn: (body: Omit<BulkInviteBody, 'send' | 'batchId'>) =>
      apiRequest<BulkInviteResult>(`${base(folderId)}/invitations/bulk`, {
        method: 'POST',
        body: { ...body, send: false },
        response: bulkInviteResultSchema,
      }),
    meta: { handlesErrors: true },
  });
}

/**
 * Bulk invite sent: the server records the batch and answers at once; a job invites the rows.
 * `batchId` is made once per batch by the dialog, so a retried request never invites twice.
 */
export function useBulkInviteSend(folderId: string) {
  return useMutation({
    mutationFn: (body: BulkInviteBody & { send: true; batchId: string }) =>
      apiRequest<InviteBatch>(`${base(folderId)}/invitations/bulk`, {
        method: 'POST',
        body,
        response: inviteBatchSchema,
      }),
    meta: { handlesErrors: true },
  });
}

/** A sent batch's progress, polled until its job is done (or failed); then the folder's lists reload. */
export function useInviteBatch(folderId: string, batchId: string | null) {
  const client = useQueryClient();
  const query = useJobPoll({
    queryKey: usersKeys.batch(folderId, batchId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<InviteBatch>(`${base(folderId)}/invitations/batches/${batchId}`, {
        signal,
        response: inviteBatchSchema,
      }),
    enabled: batchId !== null,
    pending: (batch) => !batchFinished(batch),
    intervalMs: 500,
  });
  const finished = batchFinished(query.data);
  useEffect(() => {
    if (!finished) return;
    void client.invalidateQueries({ queryKey: usersKeys.people(folderId) });
    void client.invalidateQueries({ queryKey: usersKeys.invitations(folderId) });
  }, [finished, client, folderId]);
  return query;
}

export const batchFinished = (batch: InviteBatch | undefined) => batch?.state === 'done' || batch?.state === 'failed';

export function useResendInvitation(folderId: string) {
  return useFolderMutation(folderId, (invitationId: string) =>
    apiRequest<Invitation>(`${base(folderId)}/invitations/${invitationId}/resend`, {
      method: 'POST',
      response: invitationSchema,
    }),
  );
}

export function useRevokeInvitation(folderId: string) {
  return useFolderMutation(folderId, (invitationId: string) =>
    apiRequest<void>(`${base(folderId)}/invitations/${invitationId}`, { method: 'DELETE' }),
  );
}

export function useCopyInvitationLink(folderId: string) {
  return useFolderMutation(
    folderId,
    async (invitationId: string) =>
      (
        await apiRequest<{ url: string }>(`${base(folderId)}/invitations/${invitationId}/link`, {
          method: 'POST',
          response: invitationLinkSchema,
        })
      ).url,
  );
}

export function useChangeLevel(folderId: string) {
  return useFolderMutation(folderId, (v: { userId: string; role: Role }) =>
    apiRequest<void>(`${base(folderId)}/people/${v.userId}/level`, { method: 'PUT', body: { role: v.role } }),
  );
}

export function useRemoveAccess(folderId: string) {
  return useFolderMutation(folderId, (userId: string) =>
    apiRequest<void>(`${base(folderId)}/people/${userId}`, { method: 'DELETE' }),
  );
}

export function useSetDeactivated(folderId: string, companyId: string) {
  return useFolderMutation(folderId, (v: { userId: string; deactivated: boolean }) =>
    apiRequest<void>(
      `/api/companies/${encodeURIComponent(companyId)}/people/${v.userId}/${v.deactivated ? 'deactivate' : 'reactivate'}`,
      { method: 'POST' },
    ),
  );
}
