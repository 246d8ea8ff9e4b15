import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { currentUser, type Session } from '../../../lib/auth.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { FullPageMessage } from './full-page-message.tsx';

/** Secure sections: without a session, go to `login` with this address to come back to. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [user, setUser] = useState<Session | null | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    void currentUser().then((found) => {
      if (cancelled) return;
      setUser(found);
      if (!found) {
        const here = `${location.pathname}${location.search}`;
        navigate(`/login?url=${encodeURIComponent(here)}`, { replace: true });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [location.pathname, location.search, navigate]);

  if (!user) return <FullPageMessage message={t('app.loading')} />;
  return <>{children}</>;
}
