import { embedPath, embedSnippet } from '@formwork/shared/schemas/embeds';
import { Alert, Button, Code, CopyButton, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translate.tsx';
import { useTeamEmbedOrigins } from '../api/embed-origins.ts';

/**
 * A link's embed code (issue 22.3): an <iframe> showing the link's page inside another site. It
 * submits exactly as the link's address does (human check, limits, single or ongoing); only the
 * sites the company lists under Settings > Security may show it, and the dialog says which.
 */
export function LinkEmbed({
  teamId,
  name,
  token,
  onClose,
}: {
  teamId: string;
  name: string;
  token: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const origins = useTeamEmbedOrigins(teamId);
  const snippet = embedSnippet(`${window.location.origin}${embedPath(token)}`, name);
  return (
    <Modal opened onClose={onClose} title={t('links.embed.title', { name })} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('links.embed.intro')}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="embed-snippet">
          {snippet}
        </Code>
        {origins.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : origins.isError || origins.data.length === 0 ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('links.embed.noOriginsTitle')}>
            {t('links.embed.noOrigins')}
          </Alert>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('links.embed.allowed')}
            </Text>
            <List size="sm" spacing={2}>
              {origins.data.map((origin) => (
                <List.Item key={origin}>
                  <Text size="sm" ff="monospace" span>
                    {origin}
                  </Text>
                </List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              {t('links.embed.elsewhere')}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <CopyButton value={snippet} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('links.copied') : t('links.embed.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
