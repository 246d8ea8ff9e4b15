import { Alert, Anchor } from '@mantine/core';
import { externalLinks } from '../lib/links.ts';
import { useTranslation } from '../lib/translate.tsx';
import { isInternetExplorer } from './ie-banner-check.ts';

/** Spec 2.1: Internet Explorer users are told to use Chrome, Firefox or Edge. */
export function IeBanner({ userAgent }: { userAgent?: string }) {
  const { t } = useTranslation();
  if (!isInternetExplorer(userAgent)) return null;
  return (
    <Alert color="yellow" mb="md" role="alert">
      {t('auth.ieBanner')}{' '}
      <Anchor href={externalLinks.browsers} target="_blank" rel="noopener noreferrer">
        {t('shell.supportedBrowsers')}
      </Anchor>
    </Alert>
  );
}
