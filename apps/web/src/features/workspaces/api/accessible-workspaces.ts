import type { AccessibleWorkspace } from '@formwork/shared/schemas/workspaces';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export const accessibleWorkspacesKey = ['workspaces', 'accessible'] as const;

export async function fetchAccessibleWorkspaces(): Promise<AccessibleWorkspace[]> {
  const { workspaces } = await apiRequest<{ workspaces: AccessibleWorkspace[] }>('/api/workspaces/accessible');
  return workspaces;
}

export function useAccessibleWorkspaces() {
  return useQuery({ queryKey: accessibleWorkspacesKey, queryFn: fetchAccessibleWorkspaces });
}
