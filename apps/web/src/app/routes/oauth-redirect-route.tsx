import type { AccessibleWorkspace } from '@formwork/shared/schemas/workspaces';
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OnDemandModal } from '../../components/ui/on-demand-modal.tsx';
import { authKeys } from '../../features/auth/api/current-user.ts';
import { FullPageMessage } from '../../features/auth/components/full-page-message.tsx';
import { fetchAccessibleWorkspaces, workspaceKeys } from '../../features/workspaces/api/accessible-workspaces.ts';
import { authConfig, completeSignIn, signOut, takeReturnTo } from '../../lib/auth.ts';
import { HttpError } from '../../lib/http.ts';
import { useTranslation } from '../../lib/translate.tsx';

type Outcome = 'working' | 'noWorkspace' | 'failed';

/**
 * `oauth-redirect` (spec 2.1): completes sign-in, then lands the user: no workspace -> the
 * no-workspace modal; a workspace in this region -> the stored return address or the root;
 * otherwise the first workspace's own regional address.
 */
export function OAuthRedirectRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('working');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const land = async () => {
      try {
        await completeSignIn();
      } catch {
        setOutcome('failed');
        return;
      }
      let workspaces: AccessibleWorkspace[];
      try {
        workspaces = await fetchAccessibleWorkspaces();
      } catch (error) {
        if (error instanceof HttpError && error.status === 403) {
          setOutcome('noWorkspace');
          return;
        }
        throw error;
      }
      if (workspaces.length === 0) {
        setOutcome('noWorkspace');
        return;
      }
      queryClient.setQueryData(workspaceKeys.accessible(), workspaces);
      const config = await authConfig();
      if (workspaces.some((w) => w.region === config.region)) {
        await queryClient.invalidateQueries({ queryKey: authKeys.me });
        navigate(takeReturnTo() ?? '/', { replace: true });
        return;
      }
      const first = workspaces[0] as AccessibleWorkspace;
      const elsewhere = config.regionUrls[first.region];
      if (elsewhere) window.location.assign(`${elsewhere}/home/companies/${first.workspaceId}/activity`);
      else navigate('/', { replace: true });
    };
    void land();
  }, [navigate, queryClient]);

  if (outcome === 'working') return <FullPageMessage message={t('auth.signingIn')} />;
  return (
    <>
      <FullPageMessage message={t('auth.redirecting')} busy={false} />
      <OnDemandModal
        opened
        onClose={() => {}}
        withCloseButton={false}
        centered
        title={outcome === 'failed' ? t('auth.signInFailedTitle') : t('auth.noWorkspaceTitle')}
      >
        <Text size="sm">{outcome === 'failed' ? t('auth.signInFailedBody') : t('auth.noWorkspaceBody')}</Text>
        <Group justify="flex-end" mt="md">
          {outcome === 'failed' ? (
            <Button onClick={() => navigate('/login', { replace: true })}>{t('auth.tryAgain')}</Button>
          ) : (
            <Button onClick={() => void signOut()}>{t('auth.logout')}</Button>
          )}
        </Group>
      </OnDemandModal>
    </>
  );
}
