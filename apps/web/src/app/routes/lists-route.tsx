import type { ListState } from '@formwork/shared/schemas/lists';
import { Center, Loader } from '@mantine/core';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import type { DeployTarget } from '../../components/ui/deployment-modal.tsx';
import { useFolderTree } from '../../features/folders/api/folder-tree.ts';
import { ListPage } from '../../features/lists/components/list-page.tsx';
import { ListsPage } from '../../features/lists/components/lists-page.tsx';
import { listsPath } from '../../features/lists/list-paths.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { useShellContext } from '../shell/shell-layout.tsx';

const states: readonly string[] = ['active', 'archived'];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's active project folders, for deploying List Library lists (spec 4.3). */
function useProjectTargets(companyId: string | null, enabled: boolean): DeployTarget[] {
  const tree = useFolderTree(enabled ? companyId : null, 'active');
  return useMemo(
    () =>
      (tree.data?.projects ?? []).filter((p) => p.state === 'active').map((p) => ({ id: p.folderId, name: p.name })),
    [tree.data],
  );
}

/**
 * /lists/companies/{id}[/active|archived] (List Library), /lists/projects/{id}[/active|archived]
 * (Lists) and /lists/companies|projects/{id}/{listId} (one list), spec 2.2.
 */
export function ListsRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level, segment } = useParams();
  const company = result.status === 'found' && result.location.kind === 'company' ? result.location : null;
  const projects = useProjectTargets(company?.companyId ?? null, company !== null && segment === 'active');
  if (
    (level !== 'companies' && level !== 'projects') ||
    (segment && !states.includes(segment) && !uuid.test(segment))
  ) {
    return <Navigate to="/404" replace />;
  }
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  if (location.kind === 'team') return <Navigate to="/404" replace />;
  const folder = { kind: location.kind, folderId: location.folderId, companyId: location.companyId };
  if (!segment) return <Navigate to={listsPath(folder.kind, folder.folderId)} replace />;
  if (states.includes(segment)) {
    return (
      <ListsPage
        key={`${location.folderId}:${segment}`}
        folder={folder}
        path={location.path}
        viewer={location.viewer}
        state={segment as ListState}
        projects={projects}
      />
    );
  }
  return <ListPage key={segment} folder={folder} path={location.path} viewer={location.viewer} listId={segment} />;
}
