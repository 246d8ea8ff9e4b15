import { can } from '@formwork/shared/permissions';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAccessibleWorkspaces } from '../../features/workspaces/api/accessible-workspaces.ts';
import { WorkspaceSettings } from '../../features/workspaces/components/workspace-settings.tsx';
import { levelKinds } from '../shell/folder-location.ts';
import { useShellContext } from '../shell/shell-layout.tsx';
import { SectionNotAvailableRoute } from './section-not-available-route.tsx';

/**
 * /home/{level}/{id}/settings (spec 2.2): the Home Folder's settings are the workspace settings
 * (spec 2.6). Project and team settings are not built yet.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level } = useParams();
  const workspaces = useAccessibleWorkspaces();
  if (!level || levelKinds[level] !== 'company') return <SectionNotAvailableRoute section="settings" />;
  const workspace =
    result.status === 'found' ? workspaces.data?.find((w) => w.workspaceId === result.location.companyId) : undefined;
  if (result.status !== 'found' || !workspace) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  const folder = { kind: location.kind, path: location.path };
  if (!can(location.viewer, 'settings.view', folder)) return <Navigate to="/403" replace />;
  return (
    <WorkspaceSettings
      key={workspace.workspaceId}
      workspace={workspace}
      canEdit={can(location.viewer, 'workspace.edit', folder)}
    />
  );
}
