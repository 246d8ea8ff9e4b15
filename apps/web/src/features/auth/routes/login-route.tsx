import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { safeReturnPath, startSignIn, storeReturnTo } from '../../../lib/auth.ts';
import { useRobots } from '../../../lib/robots.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { FullPageMessage } from '../components/full-page-message.tsx';

/** `login`: remembers the optional `url` return address, then starts the provider's sign-in. */
export function LoginRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Spec 2.1: search engines index the login page in production only.
  useRobots(import.meta.env.PROD ? 'index,follow' : 'noindex');
  useEffect(() => {
    storeReturnTo(safeReturnPath(params.get('url')));
    void startSignIn();
  }, [params]);
  return <FullPageMessage message={t('auth.redirecting')} />;
}
