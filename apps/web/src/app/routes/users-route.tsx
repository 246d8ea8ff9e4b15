import { visitorsProblem } from '@formwork/shared/invitation-rules';
import { Center, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { UsersPage } from '../../features/people/components/users-page.tsx';
import { useAccessibleWorkspaces } from '../../features/workspaces/api/accessible-workspaces.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { levelKinds } from '../shell/folder-location.ts';
import { useShellContext } from '../shell/shell-layout.tsx';

/** /users/{companies|projects|teams}/{folderId} (spec 2.2, issue 16.1). */
export function UsersRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const workspaces = useAccessibleWorkspaces();
  const { level } = useParams();
  if (!level || !levelKinds[level]) return <Navigate to="/404" replace />;
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  // A super user outside the workspace has no entry: the server's answer says why, if it refuses.
  const workspace = workspaces.data?.find((w) => w.workspaceId === location.companyId);
  const name =
    location.kind === 'team'
      ? (location.teamName ?? '')
      : location.kind === 'project'
        ? (location.projectName ?? '')
        : location.companyName;
  return (
    <UsersPage
      key={location.folderId}
      folder={{
        kind: location.kind,
        folderId: location.folderId,
        path: location.path,
        companyId: location.companyId,
        name,
        viewer: location.viewer,
        visitorsProblem: workspace ? visitorsProblem(workspace) : null,
      }}
    />
  );
}
