import { can, type Membership } from '@formwork/shared/permissions';
import type { ListState, ListSummary } from '@formwork/shared/schemas/lists';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Menu,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useArchiveAndDelete } from '../../../components/ui/archive-delete.tsx';
import type { DeployTarget } from '../../../components/ui/deployment-modal.tsx';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  type ListFolder,
  useCreateList,
  useDeleteList,
  useFolderLists,
  useRenameList,
  useSetListState,
} from '../api/lists.ts';
import { listPath, listsPath } from '../list-paths.ts';
import { type ListDeploy, ListDeploymentDialog } from './list-deployment-dialog.tsx';
import { ListNameModal } from './list-name-modal.tsx';

type Props = {
  folder: ListFolder;
  path: readonly string[];
  viewer: Membership;
  state: ListState;
  /** The company's active project folders, for deployment (List Library). */
  projects: readonly DeployTarget[];
};

/**
 * The List Library of a company or the Lists of a project (spec 2.2, 4.1; issue 18.1): active and
 * archived lists; those who may manage lists create, rename, archive, restore and delete them.
 */
export function ListsPage({ folder, path, viewer, state, projects }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lists = useFolderLists(folder, state);
  const manage = can(viewer, 'list.manage', { kind: folder.kind, path });
  const create = useCreateList(folder);
  const rename = useRenameList(folder.companyId);
  const setState = useSetListState(folder.companyId);
  const remove = useDeleteList(folder.companyId);
  const [naming, setNaming] = useState<{ list: ListSummary | null } | null>(null);
  // Spec 4.3: the List Library's active lists are deployed to projects by those who manage them.
  const deploys = manage && folder.kind === 'company' && state === 'active';
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deploy, setDeploy] = useState<ListDeploy | null>(null);
  const rows = lists.data ?? [];
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const bulk = (mode: 'deploy' | 'undeploy') => {
    const chosen = rows.filter((l) => selected.has(l.id));
    setDeploy({
      mode,
      listIds: chosen.map((l) => l.id),
      name: chosen.length === 1 ? (chosen[0]?.name ?? '') : t('lists.selected', { count: chosen.length }),
    });
  };
  const title = folder.kind === 'company' ? t('shell.listLibrary') : t('shell.lists');

  const { changeState, confirmArchive, confirmDelete, confirmModal } = useArchiveAndDelete<ListSummary>('lists', {
    setState: (list, to) => setState.mutateAsync({ listId: list.id, state: to }),
    remove: (list) => remove.mutateAsync(list.id),
    busy: setState.isPending || remove.isPending,
  });

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Group>
          <SegmentedControl
            aria-label={t('lists.stateFilter')}
            value={state}
            onChange={(value) => navigate(listsPath(folder.kind, folder.folderId, value as ListState))}
            data={[
              { value: 'active', label: t('lists.active') },
              { value: 'archived', label: t('lists.archivedView') },
            ]}
          />
          {deploys && selected.size > 0 ? (
            <>
              <Text size="sm" c="dimmed">
                {t('lists.selected', { count: selected.size })}
              </Text>
              <Button variant="default" onClick={() => bulk('deploy')}>
                {t('lists.deployAction')}
              </Button>
              <Button variant="default" onClick={() => bulk('undeploy')}>
                {t('lists.undeployAction')}
              </Button>
            </>
          ) : null}
          {manage && state === 'active' ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setNaming({ list: null })}>
              {t('lists.create')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {lists.isPending ? (
        <Center mih="30vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : (lists.data ?? []).length === 0 ? (
        <Text c="dimmed">{t(state === 'active' ? 'lists.empty' : 'lists.emptyArchived')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {deploys ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('lists.selectAll')}
                      checked={rows.length > 0 && selected.size === rows.length}
                      indeterminate={selected.size > 0 && selected.size < rows.length}
                      onChange={() =>
                        setSelected(selected.size === rows.length ? new Set() : new Set(rows.map((l) => l.id)))
                      }
                    />
                  </Table.Th>
                ) : null}
                <Table.Th>{t('lists.name')}</Table.Th>
                <Table.Th>{t('lists.items')}</Table.Th>
                <Table.Th>{t('lists.properties')}</Table.Th>
                {folder.kind === 'project' ? <Table.Th>{t('lists.deployment')}</Table.Th> : null}
                {manage ? <Table.Th aria-label={t('lists.actions')} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((list) => (
                <Table.Tr key={list.id}>
                  {deploys ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('lists.select', { name: list.name })}
                        checked={selected.has(list.id)}
                        onChange={() => toggle(list.id)}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Anchor component={Link} to={listPath(folder.kind, folder.folderId, list.id)}>
                      {list.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{list.itemCount}</Table.Td>
                  <Table.Td>{list.propertyCount}</Table.Td>
                  {folder.kind === 'project' ? (
                    <Table.Td>
                      {list.deployment ? (
                        <Badge variant="light" color={list.deployment === 'populated' ? 'blue' : 'gray'}>
                          {t(list.deployment === 'populated' ? 'lists.deployedPopulated' : 'lists.deployedEmpty')}
                        </Badge>
                      ) : null}
                    </Table.Td>
                  ) : null}
                  {manage && list.sourceListId !== null ? <Table.Td /> : null}
                  {manage && list.sourceListId === null ? (
                    <Table.Td align="right">
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('lists.actionsFor', { name: list.name })}>
                            <IconDots size={16} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {state === 'active' ? (
                            <>
                              {deploys ? (
                                <Menu.Item
                                  onClick={() => setDeploy({ mode: 'manage', listIds: [list.id], name: list.name })}
                                >
                                  {t('lists.manageDeployment')}
                                </Menu.Item>
                              ) : null}
                              <Menu.Item onClick={() => setNaming({ list })}>{t('lists.rename')}</Menu.Item>
                              <Menu.Item onClick={() => confirmArchive(list)}>{t('lists.archive')}</Menu.Item>
                            </>
                          ) : (
                            <Menu.Item onClick={() => void changeState(list, 'active')}>{t('lists.restore')}</Menu.Item>
                          )}
                          <Menu.Item color="red" onClick={() => confirmDelete(list)}>
                            {t('lists.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListNameModal
        opened={naming !== null}
        title={naming?.list ? t('lists.renameTitle') : t('lists.createTitle')}
        submitLabel={naming?.list ? t('lists.rename') : t('lists.create')}
        initialName={naming?.list?.name ?? ''}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          if (naming?.list) {
            await rename.mutateAsync({ listId: naming.list.id, name });
            showToast('success', t('lists.renamed', { name }));
            return;
          }
          const created = await create.mutateAsync(name);
          showToast('success', t('lists.created', { name }));
          navigate(listPath(folder.kind, folder.folderId, created.id));
        }}
      />
      {deploy ? (
        <ListDeploymentDialog
          key={JSON.stringify(deploy)}
          companyId={folder.companyId}
          projects={projects}
          deploy={deploy}
          onClose={() => {
            if (deploy.mode !== 'manage') setSelected(new Set());
            setDeploy(null);
          }}
        />
      ) : null}
      {confirmModal}
    </Stack>
  );
}
