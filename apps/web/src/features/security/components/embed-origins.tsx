import { embedOriginMessages, embedOriginsMax, parseEmbedOrigin } from '@formwork/shared/schemas/embeds';
import { ActionIcon, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { type TFunction, useTranslation } from '../../../lib/translate.tsx';
import { useEmbedOrigins, useSetEmbedOrigins } from '../api/embed-origins.ts';

/** The shared rule's message in the reader's language (the server answers the same rule's words). */
function originMessage(message: string, t: TFunction): string {
  const key = (Object.keys(embedOriginMessages) as (keyof typeof embedOriginMessages)[]).find(
    (k) => embedOriginMessages[k] === message,
  );
  return key ? t(`security.embedOrigins.errors.${key}`, { max: embedOriginsMax }) : message;
}

/**
 * Security > Allowed embed origins (issue 22.3; spec 2.6): the sites that may show the workspace's
 * submission links inside their pages (Submission links > Embed gives the code to paste). Browsers
 * refuse the embedded page on any other site.
 */
export function EmbedOrigins({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const origins = useEmbedOrigins(workspaceId);
  const save = useSetEmbedOrigins(workspaceId);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const list = origins.data ?? [];

  const add = async () => {
    const parsed = parseEmbedOrigin(draft);
    if ('error' in parsed) return setDraftError(originMessage(embedOriginMessages[parsed.error], t));
    if (list.includes(parsed.origin)) return setDraftError(originMessage(embedOriginMessages.duplicateOrigin, t));
    try {
      await save.mutateAsync([...list, parsed.origin]);
      setDraft('');
      setDraftError(undefined);
    } catch (error) {
      const fields = error instanceof HttpError ? (error.problem?.errors ?? []) : [];
      const field = fields.find((e) => e.path.startsWith('body.origins'));
      setDraftError(field ? originMessage(field.message, t) : problemMessage(error, t));
    }
  };

  const remove = async (origin: string) => {
    try {
      await save.mutateAsync(list.filter((o) => o !== origin));
    } catch (error) {
      showToast('error', problemMessage(error, t));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="embed-origins-title" component="section">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="embed-origins-title">
          {t('security.embedOrigins.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('security.embedOrigins.help')}
        </Text>
        <Group align="flex-start">
          <TextInput
            label={t('security.embedOrigins.origin')}
            placeholder="https://www.example.com"
            value={draft}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              setDraftError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void add();
            }}
            error={draftError}
            w={{ base: '100%', sm: 360 }}
          />
          <Button mt={{ base: 0, sm: 25 }} onClick={() => void add()} loading={save.isPending}>
            {t('security.embedOrigins.add')}
          </Button>
        </Group>
        {origins.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : origins.isError ? (
          <Text c="red" size="sm">
            {problemMessage(origins.error, t)}
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm">{t('security.embedOrigins.none')}</Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((origin) => (
              <Group key={origin} component="li" justify="space-between" wrap="nowrap" maw={520}>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {origin}
                </Text>
                <Tooltip label={t('security.embedOrigins.remove')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('security.embedOrigins.removeOrigin', { origin })}
                    onClick={() => void remove(origin)}
                    disabled={save.isPending}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
