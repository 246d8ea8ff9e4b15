import { actionPath } from '@formwork/shared/action-path';
import type {
  Action,
  ActionPage,
  ActionParams,
  CreateActionBody,
  ResetActionBody,
  UpdateActionBody,
} from '@formwork/shared/schemas/actions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

const enc = encodeURIComponent;
/** An action is named by its workspace and id (ids are unique per workspace only). */
export type ActionRef = ActionParams;
/** The feature's query keys, broadest first. */
export const actionKeys = {
  all: queryRoots.actions,
  one: (ref: ActionRef) => [...queryRoots.actions, 'one', ref.workspaceId, ref.actionId] as const,
  mine: () => [...queryRoots.actions, 'mine'] as const,
  ofForm: (teamId: string, formId: string) => [...queryRoots.actions, 'form', teamId, formId] as const,
};
export const actionRefOf = (action: Action): ActionRef => ({
  workspaceId: action.path.workspace.id,
  actionId: action.actionId,
});

export function useAction(ref: ActionRef | null) {
  return useQuery({
    queryKey: actionKeys.one(ref ?? { workspaceId: '-', actionId: '-' }),
    queryFn: () => apiRequest<Action>(actionPath(ref as ActionRef)),
    enabled: ref !== null,
    staleTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** Actions assigned to me in every workspace (the My actions button). */
export function useMyActions(enabled: boolean) {
  return useQuery({
    queryKey: actionKeys.mine(),
    queryFn: () => apiRequest<ActionPage>('/api/me/actions?state=assigned&limit=50'),
    enabled,
    staleTime: 0,
  });
}

/** The actions of one form. */
export function useFormActions(teamId: string, formId: string) {
  return useQuery({
    queryKey: actionKeys.ofForm(teamId, formId),
    queryFn: () => apiRequest<ActionPage>(`/api/teams/${enc(teamId)}/actions?formId=${enc(formId)}&limit=200`),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (action?: Action) => {
    if (action) queryClient.setQueryData(actionKeys.one(actionRefOf(action)), action);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: actionKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
    ]);
  };
}

export function useCreateAction(teamId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateActionBody) =>
      apiRequest<Action>(`/api/teams/${enc(teamId)}/actions`, { method: 'POST', body }),
    onSuccess: (action) => refresh(action),
    retry: 2,
    meta: { handlesErrors: true },
  });
}

export type ActionChange =
  | { kind: 'update'; body: UpdateActionBody }
  | { kind: 'assign'; body: { baseVersion: number; assigneeId?: string } }
  | { kind: 'complete'; body: { baseVersion: number } }
  | { kind: 'reset'; body: ResetActionBody };

export function useChangeAction(ref: ActionRef) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: ActionChange) =>
      change.kind === 'update'
        ? apiRequest<Action>(actionPath(ref), { method: 'PUT', body: change.body })
        : apiRequest<Action>(`${actionPath(ref)}/${change.kind}`, { method: 'POST', body: change.body }),
    onSuccess: (action) => refresh(action),
    meta: { handlesErrors: true },
  });
}
