import type { Person } from '@formwork/shared/schemas/people';
import { maxMentionsPerComment } from '@formwork/shared/schemas/photos';
import { Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useDateText } from '../../../lib/date-text.tsx';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useAddPhotoComment, useMentionablePeople, usePhotoComments } from '../api/photos.ts';

type Props = { teamId: string; photoId: string; canComment: boolean };

/** The `@name` being typed just before the caret, if any: where it starts and what is typed so far. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - (match[2] ?? '').length - 1, query: match[2] ?? '' };
}

/** The people a comment mentions: those picked whose `@Name` is still in its text. */
export function mentionedIds(body: string, picked: { id: string; name: string }[]): string[] {
  return [...new Set(picked.filter((p) => body.includes(`@${p.name}`)).map((p) => p.id))].slice(
    0,
    maxMentionsPerComment,
  );
}

const suggestionCount = 8;

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
  const [picked, setPicked] = useState<{ id: string; name: string }[]>([]);
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const suggestions: Person[] = typing
    ? (people.data?.people ?? [])
        .filter((p) => p.name.toLowerCase().includes(typing.query.toLowerCase()))
        .slice(0, suggestionCount)
    : [];
  const open = suggestions.length > 0;
  const mentions = mentionedIds(body, picked);

  const pick = (person: Person, field: HTMLTextAreaElement) => {
    if (!typing) return;
    const caret = field.selectionStart ?? body.length;
    const inserted = `@${person.name} `;
    const next = body.slice(0, typing.start) + inserted + body.slice(caret);
    setBody(next);
    setPicked((all) => [...all, { id: person.userId, name: person.name }]);
    setTyping(null);
    const at = typing.start + inserted.length;
    requestAnimationFrame(() => field.setSelectionRange(at, at));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const person = suggestions[Math.min(active, suggestions.length - 1)];
      if (person) pick(person, event.currentTarget);
    } else if (event.key === 'Escape') {
      // Closes the list, not the viewer around it.
      event.preventDefault();
      event.stopPropagation();
      setTyping(null);
    }
  };
  const [commentId, setCommentId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setError(null);
    add
      .mutateAsync({ commentId, body, mentions })
      .then(() => {
        setBody('');
        setPicked([]);
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
              description={t('photos.mentionHint')}
              value={body}
              onChange={(e) => {
                const field = e.currentTarget;
                setBody(field.value);
                setTyping(mentionQuery(field.value, field.selectionStart ?? field.value.length));
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setTyping(null)}
              error={error}
              rows={3}
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              aria-activedescendant={open ? `${listId}-${active}` : undefined}
            />
            {open ? (
              <Paper withBorder shadow="sm" p={4} id={listId} role="listbox" aria-label={t('photos.mention')}>
                {suggestions.map((person, i) => (
                  <Text
                    key={person.userId}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    size="sm"
                    px="xs"
                    py={4}
                    style={{
                      cursor: 'pointer',
                      borderRadius: 4,
                      background: i === active ? 'var(--mantine-color-blue-light)' : undefined,
                    }}
                    // Picked on mouse down, before the field's blur closes the list.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      const field = event.currentTarget
                        .closest('form')
                        ?.querySelector('textarea') as HTMLTextAreaElement | null;
                      if (field) pick(person, field);
                    }}
                  >
                    {person.name}
                  </Text>
                ))}
              </Paper>
            ) : null}
            <Group align="flex-end" gap="xs" justify="space-between">
              <Text size="xs" c="dimmed">
                {mentions.length > 0
                  ? t('photos.mentioned', {
                      names: picked
                        .filter((p, i, all) => mentions.includes(p.id) && all.findIndex((q) => q.id === p.id) === i)
                        .map((p) => p.name)
                        .join(', '),
                    })
                  : null}
              </Text>
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
