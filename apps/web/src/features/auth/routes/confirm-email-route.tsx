import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HttpError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useConfirmEmailChange } from '../api/profile.ts';
import { FullPageMessage } from '../components/full-page-message.tsx';

/**
 * /confirm-email?token=...: the link sent to the new address (issue 16.4). The signed-in user
 * follows it once; an expired, used or someone else's link says so.
 */
export function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const [outcome, setOutcome] = useState<'done' | 'expired' | 'invalid' | 'failed' | undefined>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (token.length < 20) {
      setOutcome('invalid');
      return;
    }
    confirm
      .mutateAsync(token)
      .then(() => setOutcome('done'))
      .catch((error: unknown) => {
        const code = error instanceof HttpError ? error.code : undefined;
        setOutcome(
          code === 'emailChangeLinkExpired' ? 'expired' : code === 'emailChangeLinkInvalid' ? 'invalid' : 'failed',
        );
      });
  }, [token, confirm]);

  if (!outcome) return <FullPageMessage message={t('profile.confirmingEmail')} />;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={480} role="status">
        <Title order={2}>
          {t(outcome === 'done' ? 'profile.emailConfirmedTitle' : 'profile.emailLinkFailedTitle')}
        </Title>
        <Text ta="center" c="dimmed">
          {outcome === 'done'
            ? t('profile.emailConfirmed', { email: confirm.data?.email ?? '' })
            : outcome === 'expired'
              ? t('errors.emailChangeLinkExpired')
              : outcome === 'invalid'
                ? t('errors.emailChangeLinkInvalid')
                : t('errors.generic')}
        </Text>
        <Button component={Link} to="/">
          {t('profile.continue')}
        </Button>
      </Stack>
    </Center>
  );
}
