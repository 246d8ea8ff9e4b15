import { canGrantLevel, canInvite } from '@formwork/shared/invitation-rules';
import { can, type FolderKind, type FolderRef, type Role } from '@formwork/shared/permissions';
import { type FolderPerson, levelFilters } from '@formwork/shared/schemas/people';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDots,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconUserPlus,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  type PeopleFilters,
  useChangeLevel,
  useFolderPeople,
  useRemoveAccess,
  useSetDeactivated,
} from '../api/users.ts';
import { levelKey, type UsersFolder } from '../users-folder.ts';
import { BulkInviteModal } from './bulk-invite-modal.tsx';
import { InviteModal } from './invite-modal.tsx';
import { PendingInvitations } from './pending-invitations.tsx';

/** Spec 2.2, issue 16.1: /users/{level}/{folderId}, the people with access here and below. */
export function UsersPage({ folder }: { folder: UsersFolder }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [filters, setFilters] = useState<Omit<PeopleFilters, 'search'>>({
    level: null,
    userType: null,
    status: null,
    sort: 'name',
    direction: 'asc',
  });
  const [inviting, setInviting] = useState(false);
  const [bulkInviting, setBulkInviting] = useState(false);
  const ref: FolderRef = { kind: folder.kind, path: folder.path };
  const mayInvite = canInvite(folder.viewer, ref);
  const people = useFolderPeople(folder.folderId, { ...filters, search: debouncedSearch });
  const rows = people.data?.pages.flatMap((p) => p.people) ?? [];

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz="h3">
            {t('users.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t(`users.subtitle.${folder.kind}`, { name: folder.name })}
          </Text>
        </Stack>
        {mayInvite && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconUsersPlus size={16} />} onClick={() => setBulkInviting(true)}>
              {t('users.bulkInvite')}
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              {t('users.invite')}
            </Button>
          </Group>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          aria-label={t('users.filterLevel')}
          placeholder={t('users.allLevels')}
          clearable
          data={levelFilters.map((value) => {
            const [kind, role] = value.split('.') as [FolderKind, Role];
            return { value, label: t(levelKey(kind, role)) };
          })}
          value={filters.level}
          onChange={(value) => setFilters((f) => ({ ...f, level: value as PeopleFilters['level'] }))}
          w={180}
        />
        <Select
          aria-label={t('users.filterType')}
          placeholder={t('users.allTypes')}
          clearable
          data={[
            { value: 'contributor', label: t('users.types.contributor') },
            { value: 'visitor', label: t('users.types.visitor') },
          ]}
          value={filters.userType}
          onChange={(value) => setFilters((f) => ({ ...f, userType: value as PeopleFilters['userType'] }))}
          w={150}
        />
        <Select
          aria-label={t('users.filterStatus')}
          placeholder={t('users.allStatuses')}
          clearable
          data={[
            { value: 'active', label: t('users.statuses.active') },
            { value: 'deactivated', label: t('users.statuses.deactivated') },
          ]}
          value={filters.status}
          onChange={(value) => setFilters((f) => ({ ...f, status: value as PeopleFilters['status'] }))}
          w={170}
        />
        <Select
          aria-label={t('users.sortBy')}
          data={(['name', 'email', 'level', 'lastActive'] as const).map((value) => ({
            value,
            label: t(`users.sorts.${value}`),
          }))}
          value={filters.sort}
          allowDeselect={false}
          onChange={(value) => setFilters((f) => ({ ...f, sort: (value ?? 'name') as PeopleFilters['sort'] }))}
          w={150}
        />
        <Tooltip label={t(filters.direction === 'asc' ? 'users.ascending' : 'users.descending')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(filters.direction === 'asc' ? 'users.ascending' : 'users.descending')}
            onClick={() => setFilters((f) => ({ ...f, direction: f.direction === 'asc' ? 'desc' : 'asc' }))}
          >
            {filters.direction === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {people.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : people.isError ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('users.loadFailed')}
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('users.empty')}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-label={t('users.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.columns.name')}</Table.Th>
                  <Table.Th>{t('users.columns.level')}</Table.Th>
                  <Table.Th>{t('users.columns.type')}</Table.Th>
                  <Table.Th>{t('users.columns.status')}</Table.Th>
                  <Table.Th>{t('users.columns.lastActive')}</Table.Th>
                  <Table.Th w={48}>
                    <span className="sr-only">{t('users.columns.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((person) => (
                  <PersonRow key={person.userId} person={person} folder={folder} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {people.hasNextPage && (
        <Center>
          <Button variant="default" loading={people.isFetchingNextPage} onClick={() => people.fetchNextPage()}>
            {t('users.loadMore')}
          </Button>
        </Center>
      )}
      {mayInvite && <PendingInvitations folder={folder} />}
      {inviting && <InviteModal folder={folder} onClose={() => setInviting(false)} />}
      {bulkInviting && <BulkInviteModal folder={folder} onClose={() => setBulkInviting(false)} />}
    </Stack>
  );
}

function PersonRow({ person, folder }: { person: FolderPerson; folder: UsersFolder }) {
  const { t, i18n } = useTranslation();
  const changeLevel = useChangeLevel(folder.folderId);
  const removeAccess = useRemoveAccess(folder.folderId);
  const setDeactivated = useSetDeactivated(folder.folderId, folder.companyId);
  const ref: FolderRef = { kind: folder.kind, path: folder.path };
  const grantedHere = person.grantedAt.folderId === folder.folderId;
  // Why an action is not offered, in the spec's terms (issue 16.1: "explained when not allowed").
  const manageReason = !grantedHere
    ? t('users.why.grantedElsewhere', { folder: person.grantedAt.name })
    : !canGrantLevel(folder.viewer, ref, person.level.role)
      ? t('users.why.levelAbove')
      : null;
  const otherRole: Role = person.level.role === 'controller' ? 'member' : 'controller';
  const changeReason =
    manageReason ?? (canGrantLevel(folder.viewer, ref, otherRole) ? null : t('users.why.levelAbove'));
  const mayDeactivate = folder.kind === 'company' && can(folder.viewer, 'people.deactivate', ref);
  const lastActive = person.lastActiveAt ? new Date(person.lastActiveAt) : null;
  const done = (key: string) => () => showToast('success', t(key));

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {person.name}
        </Text>
        <Text size="xs" c="dimmed">
          {person.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(levelKey(person.level.kind, person.level.role))}</Text>
        {!grantedHere && (
          <Text size="xs" c="dimmed">
            {t('users.grantedAt', { folder: person.grantedAt.name })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={person.userType === 'visitor' ? 'orange' : 'blue'}>
          {t(`users.types.${person.userType}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge variant="dot" color={person.status === 'active' ? 'green' : 'gray'}>
          {t(`users.statuses.${person.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={lastActive ? undefined : 'dimmed'}>
          {lastActive ? lastActive.toLocaleDateString(i18n.language) : t('users.never')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('users.actionsFor', { name: person.name })}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Tooltip label={changeReason} disabled={!changeReason} position="left">
              <div>
                <Menu.Item
                  disabled={Boolean(changeReason)}
                  onClick={() =>
                    changeLevel.mutate(
                      { userId: person.userId, role: otherRole },
                      { onSuccess: done('users.levelChanged') },
                    )
                  }
                >
                  {t('users.makeLevel', { level: t(levelKey(folder.kind, otherRole)) })}
                </Menu.Item>
              </div>
            </Tooltip>
            <Tooltip label={manageReason} disabled={!manageReason} position="left">
              <div>
                <Menu.Item
                  color="red"
                  disabled={Boolean(manageReason)}
                  onClick={() => removeAccess.mutate(person.userId, { onSuccess: done('users.accessRemoved') })}
                >
                  {t('users.removeAccess')}
                </Menu.Item>
              </div>
            </Tooltip>
            {folder.kind === 'company' && (
              <Tooltip label={t('users.why.orgControllersDeactivate')} disabled={mayDeactivate} position="left">
                <div>
                  <Menu.Item
                    disabled={!mayDeactivate}
                    onClick={() =>
                      setDeactivated.mutate(
                        { userId: person.userId, deactivated: person.status === 'active' },
                        { onSuccess: done(person.status === 'active' ? 'users.deactivated' : 'users.reactivated') },
                      )
                    }
                  >
                    {t(person.status === 'active' ? 'users.deactivate' : 'users.reactivate')}
                  </Menu.Item>
                </div>
              </Tooltip>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
