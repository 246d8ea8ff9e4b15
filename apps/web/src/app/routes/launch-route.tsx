import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageMessage } from '../../features/auth/components/full-page-message.tsx';
import { showToast } from '../../lib/toast.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { landingPath } from '../shell/folder-location.ts';

/**
 * `launch` (spec 2.1): shows Redirecting..., then sends the user with the action id to the
 * nearest accessible folder's activity, in the action's workspace when the link names it
 * (`workspaceId`: action ids are unique per workspace only; the shell looks the action up in the
 * workspace it lands in); without an action id, generalErr and /home (spec 8.2).
 */
export function LaunchRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const actionId = params.get('actionId');
  const workspaceId = params.get('workspaceId');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!actionId) {
      showToast('error', t('generalErr'));
      navigate('/home', { replace: true });
      return;
    }
    void landingPath(queryClient, workspaceId ?? undefined)
      .then((landing) => {
        const path = 'path' in landing && landing.path !== '/home' ? landing.path : '/home';
        navigate(`${path}?${new URLSearchParams({ actionId })}`, { replace: true });
      })
      .catch(() => navigate('/home', { replace: true }));
  }, [actionId, workspaceId, navigate, queryClient, t]);

  return <FullPageMessage message={t('auth.redirecting')} />;
}
