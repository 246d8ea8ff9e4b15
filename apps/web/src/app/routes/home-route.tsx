import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/translate.tsx';
import { landingPath } from '../shell/folder-location.ts';

/**
 * `/home` with no folder chosen opens the user's landing folder (spec 6), keeping the shell's
 * query parameters (view, actionId, ...). When there is none to open (an archived remembered
 * workspace: the switcher opens; or no folder at all), the top bar's 'Please select your team from
 * the side bar' is the one hint; the page does not repeat it.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void landingPath(queryClient)
      .then((landing) => {
        if ('path' in landing && landing.path !== '/home') navigate(`${landing.path}${search}`, { replace: true });
        else setSettled(true);
      })
      .catch(() => setSettled(true));
  }, [navigate, queryClient, search]);

  if (settled) return null;
  return (
    <Center mih="50vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
