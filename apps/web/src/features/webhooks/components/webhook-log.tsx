import type { Webhook, WebhookDelivery } from '@formwork/shared/schemas/webhooks';
import { Badge, Button, Center, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useDateText } from '../../../lib/date-text.tsx';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useRedeliver, useWebhookDeliveries } from '../api/webhooks.ts';

const stateColours: Record<WebhookDelivery['state'], string> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
  skipped: 'gray',
};

/**
 * A hook's delivery log (issue 24.1): the newest deliveries with their event, state, attempts,
 * the receiver's status, how long it took and the start of its answer; any one can be sent again
 * (Redeliver) while the hook is enabled.
 */
export function WebhookLog({ folderId, hook, onBack }: { folderId: string; hook: Webhook; onBack: () => void }) {
  const { t } = useTranslation();
  const dates = useDateText();
  const deliveries = useWebhookDeliveries(folderId, hook.id);
  const redeliver = useRedeliver(folderId);
  const rows = deliveries.data ?? [];

  const again = (delivery: WebhookDelivery) =>
    redeliver
      .mutateAsync({ hookId: hook.id, deliveryId: delivery.id })
      .then(() => showToast('success', t('webhooks.redelivered')))
      .catch((error) => showToast('error', problemMessage(error, t)));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Title order={2} fz="h4">
            {t('webhooks.logTitle')}
          </Title>
          <Text size="sm" c="dimmed" truncate>
            {hook.url}
          </Text>
        </Stack>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('webhooks.back')}
        </Button>
      </Group>
      {deliveries.isPending ? (
        <Center mih="20vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : deliveries.isError ? (
        <Text c="red">{t('webhooks.logFailed')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('webhooks.logEmpty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t('webhooks.logTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.logEvent')}</Table.Th>
                <Table.Th>{t('webhooks.logWhen')}</Table.Th>
                <Table.Th>{t('webhooks.logState')}</Table.Th>
                <Table.Th>{t('webhooks.logStatus')}</Table.Th>
                <Table.Th>{t('webhooks.logDuration')}</Table.Th>
                <Table.Th>{t('webhooks.logResponse')}</Table.Th>
                <Table.Th aria-label={t('webhooks.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((delivery) => (
                <Table.Tr key={delivery.id}>
                  <Table.Td>
                    <Text size="sm">{delivery.eventType}</Text>
                    <Text size="xs" c="dimmed">
                      {delivery.eventId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{dates.instant(delivery.lastAttemptAt ?? delivery.createdAt)}</Text>
                    {delivery.state === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('webhooks.nextAttempt', { when: dates.instant(delivery.nextAttemptAt) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge variant="light" color={stateColours[delivery.state]} style={{ overflow: 'visible' }}>
                      {t(`webhooks.deliveryStates.${delivery.state}`)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {t('webhooks.attempts', { count: delivery.attempts })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{delivery.statusCode ?? '–'}</Table.Td>
                  <Table.Td>
                    {delivery.durationMs === null ? '–' : t('webhooks.ms', { count: delivery.durationMs })}
                  </Table.Td>
                  <Table.Td maw={260}>
                    {delivery.error && delivery.statusCode === null ? (
                      <Text size="xs" c="red">
                        {delivery.error}
                      </Text>
                    ) : delivery.responseExcerpt ? (
                      <Code block style={{ maxHeight: 80, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
                        {delivery.responseExcerpt}
                      </Code>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconRefresh size={14} />}
                      disabled={hook.state !== 'active'}
                      onClick={() => void again(delivery)}
                      aria-label={t('webhooks.redeliverEvent', { event: delivery.eventType })}
                    >
                      {t('webhooks.redeliver')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
