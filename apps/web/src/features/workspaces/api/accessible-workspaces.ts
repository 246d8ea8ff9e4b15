import type {
  AccessibleWorkspace,
  CreateWorkspace,
  UpdateWorkspace,
  VisitorTrial,
  Workspace,
} from '@formwork/shared/schemas/workspaces';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The feature's query keys, broadest first. */
export const workspaceKeys = {
  all: queryRoots.workspaces,
  accessible: () => [...queryRoots.workspaces, 'accessible'] as const,
  search: (q: string) => [...queryRoots.workspaces, 'search', q] as const,
  visitorTrial: () => [...queryRoots.workspaces, 'visitor-trial'] as const,
};

export async function fetchAccessibleWorkspaces(): Promise<AccessibleWorkspace[]> {
  const { workspaces } = await apiRequest<{ workspaces: AccessibleWorkspace[] }>('/api/workspaces/accessible');
  return workspaces;
}

export function useAccessibleWorkspaces() {
  return useQuery({ queryKey: workspaceKeys.accessible(), queryFn: fetchAccessibleWorkspaces });
}

/** Spec 5.4: super users search every workspace on the server (2 or more characters, trimmed). */
export function useWorkspaceSearch(query: string, enabled: boolean) {
  const q = query.trim();
  return useQuery({
    queryKey: workspaceKeys.search(q),
    queryFn: async ({ signal }) => {
      const { workspaces } = await apiRequest<{ workspaces: Workspace[] }>(
        `/api/workspaces/search?${new URLSearchParams({ q })}`,
        { signal },
      );
      return workspaces;
    },
    enabled: enabled && q.length >= 2,
    placeholderData: (previous) => previous,
  });
}

/** Spec 2.6, 4.4: which visitor-trial modal a visitor adding a workspace sees (asked each time it opens). */
export function useVisitorTrial(enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.visitorTrial(),
    queryFn: () => apiRequest<VisitorTrial>('/api/workspaces/visitor-trial'),
    enabled,
    staleTime: 0,
  });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWorkspace) =>
      apiRequest<AccessibleWorkspace>('/api/workspaces', { method: 'POST', body: input }),
    onSuccess: (created) => {
      queryClient.setQueryData<AccessibleWorkspace[]>(workspaceKeys.accessible(), (list) =>
        list ? [...list, created] : [created],
      );
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.accessible() });
    },
    onError: () => {
      // A refused creation may mean the visitor's own trial has ended (spec 8.2): ask again.
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.visitorTrial() });
    },
    meta: { handlesErrors: true },
  });
}

/** PATCH /api/workspaces/:id (workspace.edit): the workspace's settings; the shell's workspace list follows. */
export function useUpdateWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateWorkspace) =>
      apiRequest<Workspace>(`/api/workspaces/${workspaceId}`, { method: 'PATCH', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData<AccessibleWorkspace[]>(workspaceKeys.accessible(), (list) =>
        list?.map((w) => (w.workspaceId === saved.workspaceId ? { ...w, ...saved } : w)),
      );
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.accessible() });
    },
  });
}
