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

const enc = encodeURIComponent;
/** An action is named by its workspace and id (ids are unique per workspace only). */
export type ActionRef = ActionParams;
export const actionKey = (ref: ActionRef) => ['actions', 'one', ref.workspaceId, ref.actionId] as const;
export const actionRefOf = (action: Action): ActionRef => ({
  workspaceId: action.path.workspace.id,
  actionId: action.actionId,
});

export function useAction(ref: ActionRef | null) {
  return useQuery({
    queryKey: actionKey(ref ?? { workspaceId: '-', actionId: '-' }),
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
    queryKey: ['actions', 'mine'],
    queryFn: () => apiRequest<ActionPage>('/api/me/actions?state=assigned&limit=50'),
    enabled,
    staleTime: 0,
  });
}

/** The actions of one form. */
export function useFormActions(teamId: string, formId: string) {
  return useQuery({
    queryKey: ['actions', 'form', teamId, formId],
    queryFn: () => apiRequest<ActionPage>(`/api/teams/${enc(teamId)}/actions?formId=${enc(formId)}&limit=200`),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (action?: Action) => {
    if (action) queryClient.setQueryData(actionKey(actionRefOf(action)), action);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['actions'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
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
