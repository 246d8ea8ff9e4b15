import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeReturnPath, startSignIn, storeReturnTo } from '../../../lib/auth.ts';
import { FullPageMessage } from '../components/full-page-message.tsx';

/** Spec 2.1: search engines index the login page in production only. */
function useRobots(content: string) {
  useEffect(() => {
    const meta = document.querySelector('meta[name="robots"]');
    const previous = meta?.getAttribute('content') ?? 'noindex';
    meta?.setAttribute('content', content);
    return () => meta?.setAttribute('content', previous);
  }, [content]);
}

/** `login`: remembers the optional `url` return address, then starts the provider's sign-in. */
export function LoginRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useRobots(import.meta.env.PROD ? 'index,follow' : 'noindex');
  useEffect(() => {
    storeReturnTo(safeReturnPath(params.get('url')));
    void startSignIn();
  }, [params]);
  return <FullPageMessage message={t('auth.redirecting')} />;
}
