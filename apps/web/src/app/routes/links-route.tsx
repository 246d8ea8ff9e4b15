import { can } from '@formwork/shared/permissions';
import { Center, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { LinksPage } from '../../features/links/components/links-page.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { useShellContext } from '../shell/shell-layout.tsx';

/** /apps/teams/{teamId}/links (issue 21): a team's submission links, for its controllers. */
export function LinksRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level } = useParams();
  if (level !== 'teams') return <Navigate to="/404" replace />;
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  if (location.kind !== 'team') return <Navigate to="/404" replace />;
  if (!can(location.viewer, 'link.manage', { kind: 'team', path: location.path }))
    return <Navigate to="/403" replace />;
  return <LinksPage key={location.folderId} teamId={location.folderId} />;
}
