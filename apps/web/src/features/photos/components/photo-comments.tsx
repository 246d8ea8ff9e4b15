import { maxMentionsPerComment } from '@formwork/shared/schemas/photos';
import { Button, Group, Loader, MultiSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useDateText } from '../../../lib/date-text.tsx';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useAddPhotoComment, useMentionablePeople, usePhotoComments } from '../api/photos.ts';

type Props = { teamId: string; photoId: string; canComment: boolean };

/**
 * A photo's comments (issue 19.3), oldest first, and a new comment that may mention people who can
 * see the team (each mentioned person is e-mailed by the server).
 */
export function PhotoComments({ teamId, photoId, canComment }: Props) {
  const { t } = useTranslation();
  const dates = useDateText();
  const comments = usePhotoComments(teamId, photoId);
  const people = useMentionablePeople(teamId, canComment);
  const add = useAddPhotoComment(teamId, photoId);
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const [commentId, setCommentId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setError(null);
    add
      .mutateAsync({ commentId, body, mentions })
      .then(() => {
        setBody('');
        setMentions([]);
        setCommentId(crypto.randomUUID());
      })
      .catch((e) => setError(problemMessage(e, t)));
  };

  return (
    <Stack gap="xs" aria-label={t('photos.comments')} role="region">
      <Title order={4}>{t('photos.comments')}</Title>
      {comments.isPending ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : comments.isError ? (
        <Text c="red" size="sm">
          {problemMessage(comments.error, t)}
        </Text>
      ) : comments.data.comments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('photos.noComments')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {comments.data.comments.map((comment) => (
            <Paper key={comment.id} component="li" withBorder p="xs">
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {comment.author?.name ?? t('photos.formerUser')}
                </Text>
                <Text size="xs" c="dimmed">
                  {dates.instant(comment.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {comment.body}
              </Text>
              {comment.mentions.length > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('photos.mentioned', { names: comment.mentions.map((m) => m.name).join(', ') })}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
      {canComment ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('photos.newComment')}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={error}
              rows={3}
            />
            <Group align="flex-end" gap="xs">
              <MultiSelect
                label={t('photos.mention')}
                placeholder={mentions.length === 0 ? t('photos.mentionPlaceholder') : undefined}
                data={(people.data?.people ?? []).map((p) => ({ value: p.userId, label: p.name }))}
                value={mentions}
                onChange={setMentions}
                maxValues={maxMentionsPerComment}
                searchable
                clearable
                flex={1}
              />
              <Button type="submit" loading={add.isPending} disabled={body.trim() === ''}>
                {t('photos.postComment')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
