import { Accordion, Anchor, Badge, Center, Code, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { type ApiOperation, useApiOperations } from '../api/api-docs.ts';
import { WebhookEventsDocs } from './webhook-events-docs.tsx';

const methodColours: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'yellow',
  DELETE: 'red',
};

function Schema({ label, schema }: { label: string; schema: unknown }) {
  if (!schema) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Code block style={{ maxHeight: 320, overflow: 'auto' }}>
        {JSON.stringify(schema, null, 2)}
      </Code>
    </Stack>
  );
}

function Operation({ operation }: { operation: ApiOperation }) {
  const { t } = useTranslation();
  return (
    <Accordion.Item value={`${operation.method} ${operation.path}`}>
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap">
          <Badge color={methodColours[operation.method] ?? 'gray'} variant="light" w={72}>
            {operation.method}
          </Badge>
          <Code style={{ whiteSpace: 'nowrap' }}>{operation.path}</Code>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {operation.summary}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Text size="sm">{operation.summary}</Text>
          <Text size="sm">
            <Badge variant="outline" color={operation.auth === 'token' ? 'teal' : 'gray'}>
              {t(`integrations.docs.auth.${operation.auth}`)}
            </Badge>
          </Text>
          {operation.parameters.length > 0 ? (
            <Text size="sm">
              {t('integrations.docs.parameters')}{' '}
              {operation.parameters.map((p) => (
                <Code key={`${p.in}:${p.name}`} mr={4}>
                  {t(p.required ? 'integrations.docs.parameterRequired' : 'integrations.docs.parameter', {
                    name: p.name,
                    in: p.in,
                  })}
                </Code>
              ))}
            </Text>
          ) : null}
          <Schema label={t('integrations.docs.body')} schema={operation.body} />
          {operation.success ? (
            <Schema
              label={t('integrations.docs.response', { status: operation.success.status })}
              schema={operation.success.schema}
            />
          ) : null}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * The API's documentation in the app (issue 24.4): how to call it with a personal API token, its
 * limits, the webhook events and their bodies, and every operation with its parameters and body
 * and answer shapes, read from the server's OpenAPI document; both are generated from the same zod
 * schemas the API parses with and the server builds webhook bodies with.
 */
export function ApiDocsPanel() {
  const { t } = useTranslation();
  const operations = useApiOperations();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const groups = [...(operations.data ?? new Map<string, ApiOperation[]>()).entries()];
    if (!needle) return groups;
    return groups
      .map(
        ([tag, list]) =>
          [tag, list.filter((o) => `${o.method} ${o.path} ${o.summary}`.toLowerCase().includes(needle))] as const,
      )
      .filter(([, list]) => list.length > 0);
  }, [operations.data, filter]);

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={3}>{t('integrations.docs.authTitle')}</Title>
        <Text size="sm">{t('integrations.docs.authText')}</Text>
        <Code block>{`curl -H "Authorization: Bearer fwp_…" ${window.location.origin}/api/me`}</Code>
        <Text size="sm">{t('integrations.docs.readOnly')}</Text>
        <Text size="sm">{t('integrations.docs.limits')}</Text>
        <Text size="sm">
          {t('integrations.docs.openapi')}{' '}
          <Anchor href="/api/openapi.json" target="_blank" rel="noopener">
            /api/openapi.json
          </Anchor>
          {' · '}
          <Anchor href="/api/docs" target="_blank" rel="noopener">
            /api/docs
          </Anchor>
        </Text>
      </Stack>
      <WebhookEventsDocs />
      <Title order={3}>{t('integrations.docs.operationsTitle')}</Title>
      <TextInput
        label={t('integrations.docs.filter')}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={360}
      />
      {operations.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : operations.isError ? (
        <Text c="red" role="alert">
          {problemMessage(operations.error, t)}
        </Text>
      ) : (
        shown.map(([tag, list]) => (
          <Stack key={tag} gap={4}>
            <Title order={4} tt="capitalize">
              {tag}
            </Title>
            <Accordion variant="separated" chevronPosition="left">
              {list.map((operation) => (
                <Operation key={`${operation.method} ${operation.path}`} operation={operation} />
              ))}
            </Accordion>
          </Stack>
        ))
      )}
    </Stack>
  );
}
