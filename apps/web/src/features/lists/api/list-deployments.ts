import {
  type ListBulkDeploymentResult,
  type ListDeployment,
  type ListDeploymentType,
  listBulkDeploymentResultSchema,
  listDeploymentSchema,
} from '@formwork/shared/schemas/lists';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { listKeys, listUrl, useListMutation } from './lists.ts';

/** Issue 18.4: the projects a List Library list is deployed to (while Manage Deployment is open). */
export function useListDeployment(companyId: string, listId: string | null) {
  return useQuery({
    queryKey: [...listKeys.one(companyId, listId ?? ''), 'deployment'],
    enabled: listId !== null,
    queryFn: ({ signal }) =>
      apiRequest<ListDeployment>(`${listUrl(companyId, listId ?? '')}/deployment`, {
        signal,
        response: listDeploymentSchema,
      }),
  });
}

/** Manage Deployment: the list ends up deployed to exactly these projects (new ones as `deployment`). */
export function useSetListDeployment(companyId: string) {
  return useListMutation(companyId, (v: { listId: string; projectIds: string[]; deployment: ListDeploymentType }) =>
    apiRequest<ListDeployment>(`${listUrl(companyId, v.listId)}/deployment`, {
      method: 'PUT',
      body: { projectIds: v.projectIds, deployment: v.deployment },
      response: listDeploymentSchema,
    }),
  );
}

/** Bulk Deploy (as `deployment`) or Bulk Undeploy of lists to or from projects. */
export function useBulkListDeployment(companyId: string) {
  return useListMutation(
    companyId,
    (v: { action: 'deploy' | 'undeploy'; listIds: string[]; projectIds: string[]; deployment: ListDeploymentType }) =>
      apiRequest<ListBulkDeploymentResult>(`/api/companies/${encodeURIComponent(companyId)}/lists/${v.action}`, {
        method: 'POST',
        body: { listIds: v.listIds, projectIds: v.projectIds, deployment: v.deployment },
        response: listBulkDeploymentResultSchema,
      }),
  );
}
