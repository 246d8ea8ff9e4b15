import { Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useDocumentTitle } from '../../../lib/robots.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { type UnsubscribeLink, useUnsubscribe, useUnsubscribeLink } from '../api/analytics.ts';

/**
 * A snapshot e-mail's unsubscribe link (issue 20.4), outside the signed-in shell: it says which
 * e-mail it stops and stops it on a click (a mail program opening the link stops nothing).
 */
export function UnsubscribePage({ link }: { link: UnsubscribeLink }) {
  const { t } = useTranslation();
  useDocumentTitle(t('analytics.snapshots.unsubscribeTitle'));
  const info = useUnsubscribeLink(link);
  const unsubscribe = useUnsubscribe(link);
  const gone = (error: unknown) => error instanceof HttpError && error.status === 404;
  let body: React.ReactNode;
  if (unsubscribe.isSuccess) body = <Text role="status">{t('analytics.snapshots.unsubscribeDone')}</Text>;
  else if (info.isError)
    body = (
      <Text role="alert">
        {gone(info.error) ? t('analytics.snapshots.unsubscribeGone') : problemMessage(info.error, t)}
      </Text>
    );
  else if (!info.data) body = <Text c="dimmed">{t('app.loading')}</Text>;
  else
    body = (
      <Stack gap="md">
        <Text>
          {t(`analytics.snapshots.unsubscribeAsk.${info.data.frequency}`, {
            name: info.data.dashboardName,
            workspace: info.data.workspaceName,
          })}
        </Text>
        {unsubscribe.isError && (
          <Text c="red" role="alert">
            {gone(unsubscribe.error) ? t('analytics.snapshots.unsubscribeGone') : problemMessage(unsubscribe.error, t)}
          </Text>
        )}
        <Button onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending} w="fit-content">
          {t('analytics.snapshots.unsubscribe')}
        </Button>
      </Stack>
    );
  return (
    <Box bg="gray.0" mih="100vh" py="xl">
      <Container size={560}>
        <Paper p="xl" withBorder>
          <Stack gap="md">
            <Title order={1} fz="h3">
              {t('analytics.snapshots.unsubscribeTitle')}
            </Title>
            {body}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
