import {
  webhookDeliveryIdHeader,
  webhookEventIdHeader,
  webhookEventPayloadSchemas,
  webhookEventTypeHeader,
  webhookSignatureHeader,
  webhookTestEventType,
  webhookTimestampHeader,
} from '@formwork/shared/schemas/webhooks';
import { Accordion, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/translate.tsx';
import { readableSchema } from '../api/api-docs.ts';

const headers = [
  webhookEventIdHeader,
  webhookEventTypeHeader,
  webhookTimestampHeader,
  webhookSignatureHeader,
  webhookDeliveryIdHeader,
];

/**
 * The webhook events (issue 24.4): each event a hook may subscribe to, and the test delivery, with
 * the JSON Schema of its body, generated from the zod schemas the server builds the bodies with.
 */
export function WebhookEventsDocs() {
  const { t } = useTranslation();
  const events = useMemo(
    () =>
      (Object.keys(webhookEventPayloadSchemas) as (keyof typeof webhookEventPayloadSchemas)[]).map((type) => ({
        type,
        schema: readableSchema(z.toJSONSchema(webhookEventPayloadSchemas[type], { io: 'output' })),
      })),
    [],
  );
  return (
    <Stack gap="sm">
      <Title order={3}>{t('integrations.docs.webhooksTitle')}</Title>
      <Text size="sm">{t('webhooks.signingHelp')}</Text>
      <Text size="sm">
        {t('integrations.docs.webhookHeaders')}{' '}
        {headers.map((header) => (
          <Code key={header} mr={4}>
            {header}
          </Code>
        ))}
      </Text>
      <Accordion variant="separated" chevronPosition="left">
        {events.map(({ type, schema }) => (
          <Accordion.Item key={type} value={type}>
            <Accordion.Control>
              <Group gap="sm" wrap="nowrap">
                <Code style={{ whiteSpace: 'nowrap' }}>{type}</Code>
                <Text size="sm" c="dimmed">
                  {type === webhookTestEventType ? t('integrations.docs.testEvent') : t(`webhooks.eventNames.${type}`)}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('integrations.docs.payload')}
                </Text>
                <Code block style={{ maxHeight: 320, overflow: 'auto' }}>
                  {JSON.stringify(schema, null, 2)}
                </Code>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
