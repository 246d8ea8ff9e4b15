import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OnDemandModal } from '../../components/ui/on-demand-modal.tsx';
import { signOut } from '../../lib/auth.ts';
import { apiRequest } from '../../lib/http.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { landingPath } from '../shell/folder-location.ts';

/** Shell query parameters that travel with the user to where they land. */
const kept = ['view', 'tabs', 'actionId', 'isSSOSignUp'];

/**
 * `/`: sends the user to their landing folder (spec 6): a team member to their team's activity,
 * project or company members to theirs, an admin to the first company, in the workspace they
 * last used.
 */
export function LandingRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [noWorkspace, setNoWorkspace] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const search = new URLSearchParams(location.search);
    const fromEmail = search.get('fromEmail');
    if (fromEmail !== null) {
      // Spec 2.1: the root opened from an e-mail's sign-in link records the click.
      void apiRequest('/api/me/events', {
        method: 'POST',
        body: { name: 'emailLoginLinkClicked', context: { fromEmail: fromEmail.slice(0, 200) } },
      }).catch(() => {});
    }
    const carry = new URLSearchParams();
    for (const key of kept) {
      const value = search.get(key);
      if (value !== null) carry.set(key, value);
    }
    void landingPath(queryClient)
      .then((landing) => {
        if ('noWorkspace' in landing) {
          setNoWorkspace(true);
          return;
        }
        const query = carry.toString();
        navigate(`${landing.path}${query ? `?${query}` : ''}`, { replace: true });
      })
      .catch(() => navigate('/home', { replace: true }));
  }, [location.search, navigate, queryClient]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed">{t('app.loading')}</Text>
      </Stack>
      <OnDemandModal
        opened={noWorkspace}
        onClose={() => {}}
        withCloseButton={false}
        centered
        title={t('auth.noWorkspaceTitle')}
      >
        <Text size="sm">{t('auth.noWorkspaceBody')}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => void signOut()}>{t('auth.logout')}</Button>
        </Group>
      </OnDemandModal>
    </Center>
  );
}
