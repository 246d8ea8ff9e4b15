import type { FolderKind } from '@formwork/shared/permissions';
import type { ActivityEvent } from '@formwork/shared/schemas/activity';
import { Anchor, Avatar, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDateText } from '../../../lib/date-text.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useFolderActivity } from '../api/activity.ts';
import { describeEvent } from '../describe-event.ts';
import { relativeTime } from './relative-time.ts';

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/**
 * The activity of a folder and below, newest first, with Load more (issue 4, item 4). Each entry
 * links to what it is about where `linkFor` (composed by the app) knows a page for it.
 */
export function ActivityFeed({
  kind,
  folderId,
  linkFor,
}: {
  kind: FolderKind;
  folderId: string;
  linkFor?: (event: ActivityEvent) => string | null;
}) {
  const { t, i18n } = useTranslation();
  const dates = useDateText();
  const activity = useFolderActivity(kind, folderId);
  const now = new Date();

  if (activity.isPending) {
    return (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{t('activity.loading')}</Text>
        </Group>
      </Center>
    );
  }
  if (activity.isError) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {t('activity.loadFailed')}
      </Text>
    );
  }
  const events = activity.data.pages.flatMap((page) => page.events);
  if (events.length === 0) {
    return (
      <Stack align="center" py="xl" gap="xs">
        <IconActivity size={32} color="var(--mantine-color-gray-5)" />
        <Text c="dimmed">{t('activity.empty')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder radius="md">
        <Stack gap={0} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('activity.title')}>
          {events.map((event, index) => {
            const when = new Date(event.createdAt);
            const sentence = describeEvent(t, event);
            const to = linkFor?.(event) ?? null;
            return (
              <Group
                key={event.eventId}
                component="li"
                gap="sm"
                wrap="nowrap"
                px="md"
                py="sm"
                style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}
              >
                <Avatar size={32} radius="xl" color={event.actor ? 'blue' : 'gray'}>
                  {event.actor ? initials(event.actor.name) : '·'}
                </Avatar>
                <Text size="sm" style={{ flex: 1 }}>
                  {to ? (
                    <Anchor component={Link} to={to} inherit>
                      {sentence}
                    </Anchor>
                  ) : (
                    sentence
                  )}
                </Text>
                <Text
                  size="xs"
                  c="dimmed"
                  component="time"
                  dateTime={event.createdAt}
                  title={dates.instant(when)}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {relativeTime(when, now, i18n.language, t('activity.justNow'))}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Paper>
      {activity.hasNextPage && (
        <Center>
          <Button variant="default" loading={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
            {t('activity.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
