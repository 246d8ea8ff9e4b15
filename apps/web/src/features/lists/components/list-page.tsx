import type { Membership } from '@formwork/shared/permissions';
import { Anchor, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { problemMessage } from '../../../lib/problem-message.ts';
import { type ListFolder, useList } from '../api/lists.ts';
import { listsPath } from '../list-paths.ts';

type Props = { folder: ListFolder; path: readonly string[]; viewer: Membership; listId: string };

/** One list (spec 2.2: /lists/companies|projects/{id}/{listId}). */
export function ListPage({ folder, listId }: Props) {
  const { t } = useTranslation();
  const list = useList(folder.companyId, listId);
  if (list.isPending) {
    return (
      <Center mih="30vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Stack p="md">
        <Text>{problemMessage(list.error, t)}</Text>
        <Anchor component={Link} to={listsPath(folder.kind, folder.folderId)}>
          {t('lists.back')}
        </Anchor>
      </Stack>
    );
  }
  const detail = list.data;
  return (
    <Stack gap="md" p="md">
      <Anchor component={Link} to={listsPath(folder.kind, folder.folderId, detail.state)} size="sm">
        {t('lists.back')}
      </Anchor>
      <Group gap="sm">
        <Title order={2}>{detail.name}</Title>
        {detail.state === 'archived' ? <Badge color="gray">{t('lists.archivedBadge')}</Badge> : null}
      </Group>
      <Text c="dimmed" size="sm">
        {t('lists.counts', { items: detail.itemCount, properties: detail.properties.length })}
      </Text>
    </Stack>
  );
}
