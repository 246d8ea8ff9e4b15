import { Center, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/current-user.ts';
import { GalleryPage } from '../../features/photos/components/gallery-page.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { useShellContext } from '../shell/shell-layout.tsx';

/** /photos/teams/{teamId} (spec 2.2): a team's Photos. Other levels have none (404). */
export function PhotosRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level } = useParams();
  const me = useCurrentUser();
  if (level !== 'teams') return <Navigate to="/404" replace />;
  if (result.status !== 'found' || !me.data) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  if (location.kind !== 'team') return <Navigate to="/404" replace />;
  return (
    <GalleryPage
      key={location.folderId}
      teamId={location.folderId}
      path={location.path}
      viewer={location.viewer}
      userId={me.data.userId}
    />
  );
}
