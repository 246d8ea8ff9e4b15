import { can, type Membership } from '@formwork/shared/permissions';
import { Anchor, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '../../../lib/download.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { type ListFolder, listUrl, useList } from '../api/lists.ts';
import { listsPath } from '../list-paths.ts';
import { ImportModal } from './import-modal.tsx';
import { ListItemsEditor } from './list-items-editor.tsx';

type Props = { folder: ListFolder; path: readonly string[]; viewer: Membership; listId: string };

/** One list (spec 2.2: /lists/companies|projects/{id}/{listId}). */
export function ListPage({ folder, path, viewer, listId }: Props) {
  const { t } = useTranslation();
  const list = useList(folder.companyId, listId);
  const [importing, setImporting] = useState(false);
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
  const ref = { kind: folder.kind, path };
  // Issue 18.4: a deployed copy's name and properties are the List Library's; its items are the project's.
  const shapes = can(viewer, 'list.manage', ref) && detail.sourceListId === null;
  return (
    <Stack gap="sm" p="md" h="calc(100dvh - 54px)">
      <Anchor component={Link} to={listsPath(folder.kind, folder.folderId, detail.state)} size="sm">
        {t('lists.back')}
      </Anchor>
      <Group gap="sm">
        <Title order={1} fz="h2">
          {detail.name}
        </Title>
        {detail.state === 'archived' ? <Badge color="gray">{t('lists.archivedBadge')}</Badge> : null}
        {detail.deployment ? (
          <Badge variant="light" color={detail.deployment === 'populated' ? 'blue' : 'gray'}>
            {t(detail.deployment === 'populated' ? 'lists.deployedPopulated' : 'lists.deployedEmpty')}
          </Badge>
        ) : null}
        <Group gap="xs" ml="auto">
          {shapes && detail.state === 'active' ? (
            <Button variant="default" onClick={() => setImporting(true)}>
              {t('lists.importCsv')}
            </Button>
          ) : null}
          <Button
            variant="default"
            onClick={() => void downloadFile(`${listUrl(folder.companyId, listId)}/export.csv`, `${detail.name}.csv`)}
          >
            {t('lists.exportCsv')}
          </Button>
        </Group>
      </Group>
      {detail.sourceListId !== null ? (
        <Text size="sm" c="dimmed">
          {t('lists.deployedCopy')}
        </Text>
      ) : null}
      <ImportModal
        opened={importing}
        companyId={folder.companyId}
        listId={listId}
        onClose={() => setImporting(false)}
      />
      <ListItemsEditor
        companyId={folder.companyId}
        list={detail}
        canEditItems={can(viewer, 'list.editItems', ref)}
        canManage={shapes}
      />
    </Stack>
  );
}
