import type {
  Action,
  ActionPage,
  CreateActionBody,
  ResetActionBody,
  UpdateActionBody,
} from '@formwork/shared/schemas/actions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

const enc = encodeURIComponent;
export const actionKey = (actionId: string) => ['actions', 'one', actionId] as const;

export function useAction(actionId: string | null) {
  return useQuery({
    queryKey: actionKey(actionId ?? '-'),
    queryFn: () => apiRequest<Action>(`/api/actions/${enc(actionId as string)}`),
    enabled: actionId !== null,
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
    if (action) queryClient.setQueryData(actionKey(action.actionId), action);
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

export function useChangeAction(actionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: ActionChange) =>
      change.kind === 'update'
        ? apiRequest<Action>(`/api/actions/${enc(actionId)}`, { method: 'PUT', body: change.body })
        : apiRequest<Action>(`/api/actions/${enc(actionId)}/${change.kind}`, { method: 'POST', body: change.body }),
    onSuccess: (action) => refresh(action),
    meta: { handlesErrors: true },
  });
}
