import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useOpenDomainLink } from '../api/domains.ts';

/**
 * /verify-domain/:token: the link e-mailed to an address at a domain (issue 23.2). Whoever holds
 * that mailbox confirms with one click (a click, not the page load: mail scanners open links).
 */
export function VerifyDomainRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const open = useOpenDomainLink();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2}>{t('security.domains.linkPage.title')}</Title>
        {open.isSuccess ? (
          <Text ta="center" role="status">
            {t('security.domains.linkPage.done', { domain: open.data.domain })}
          </Text>
        ) : open.isError ? (
          <Text ta="center" c="red" role="alert">
            {problemMessage(open.error, t)}
          </Text>
        ) : (
          <Button onClick={() => open.mutate(token)} loading={open.isPending}>
            {t('security.domains.linkPage.title')}
          </Button>
        )}
        {(open.isSuccess || open.isError) && (
          <Button component={Link} to="/" variant="default">
            {t('security.domains.linkPage.toApp')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
