import { can, type Membership } from '@formwork/shared/permissions';
import { Center, Loader } from '@mantine/core';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/current-user.ts';
import { useFolderTree } from '../../features/folders/api/folder-tree.ts';
import { GalleryPage } from '../../features/photos/components/gallery-page.tsx';
import type { TransferTarget } from '../../features/photos/components/transfer-modal.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { useShellContext } from '../shell/shell-layout.tsx';

/**
 * Where a team's photos may be moved or copied: the other active teams of its project that the
 * viewer may upload to (the server checks the same).
 */
function useTransferTargets(team: { companyId: string; path: readonly string[]; viewer: Membership } | null) {
  const tree = useFolderTree(team?.companyId ?? null, 'active');
  return useMemo((): TransferTarget[] => {
    if (!team) return [];
    const [companyId, projectId, teamId] = team.path;
    const project = tree.data?.projects.find((p) => p.folderId === projectId && p.state === 'active');
    return (project?.teams ?? [])
      .filter(
        (other) =>
          other.state === 'active' &&
          other.folderId !== teamId &&
          can(team.viewer, 'photo.upload', {
            kind: 'team',
            path: [companyId as string, projectId as string, other.folderId],
          }),
      )
      .map((other) => ({ folderId: other.folderId, name: other.name }));
  }, [team, tree.data]);
}

/** /photos/teams/{teamId} (spec 2.2): a team's Photos. Other levels have none (404). */
export function PhotosRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level } = useParams();
  const me = useCurrentUser();
  const location = result.status === 'found' && result.location.kind === 'team' ? result.location : null;
  const transferTargets = useTransferTargets(location);
  if (level !== 'teams') return <Navigate to="/404" replace />;
  if (result.status !== 'found' || !me.data) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (!location) return <Navigate to="/404" replace />;
  return (
    <GalleryPage
      key={location.folderId}
      teamId={location.folderId}
      path={location.path}
      viewer={location.viewer}
      userId={me.data.userId}
      transferTargets={transferTargets}
    />
  );
}
