import type { Tag, TagGroup } from '@formwork/shared/schemas/photos';
import { type TabStyle, tabStyles } from '@formwork/shared/schemas/tabs';
import {
  ActionIcon,
  Button,
  ColorSwatch,
  Divider,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { tabColours } from '../../../components/ui/tab-colours.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  type TagHome,
  useCreateTag,
  useCreateTagGroup,
  useDeleteTag,
  useDeleteTagGroup,
  useRenameTagGroup,
  useUpdateTag,
} from '../api/photos.ts';

type Props = {
  teamId: string;
  tags: Tag[];
  groups: TagGroup[];
  /** Where the viewer may manage tags: the team, its project, or both. */
  homes: TagHome[];
  opened: boolean;
  onClose: () => void;
};

const noGroup = '';
const sameHome = (a: { level: string; folderId: string }, b: { level: string; folderId: string }) =>
  a.level === b.level && a.folderId === b.folderId;

function ColourSelect({ value, onChange, label }: { value: TabStyle; onChange: (v: TabStyle) => void; label: string }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={label}
      w={150}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v as TabStyle)}
      leftSection={<ColorSwatch color={tabColours[value]} size={14} />}
      data={tabStyles.map((style) => ({ value: style, label: t(`photos.colours.${style}`) }))}
    />
  );
}

/** A tag's group: one of the groups of the folder the tag lives in (a tag and its group share a home). */
function GroupSelect({
  groups,
  value,
  onChange,
  label,
}: {
  groups: TagGroup[];
  value: string | null;
  onChange: (groupId: string | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={label}
      w={170}
      value={value ?? noGroup}
      allowDeselect={false}
      onChange={(v) => onChange(v ? v : null)}
      data={[{ value: noGroup, label: t('photos.noGroup') }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
    />
  );
}

function TagRow({
  teamId,
  tag,
  groups,
  editable,
}: {
  teamId: string;
  tag: Tag;
  groups: TagGroup[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(tag.name);
  const update = useUpdateTag(teamId);
  const remove = useDeleteTag(teamId);
  const fail = (error: unknown) => showToast('error', problemMessage(error, t));
  if (!editable) {
    return (
      <Group gap="xs">
        <ColorSwatch color={tabColours[tag.colour]} size={14} />
        <Text size="sm">{tag.name}</Text>
        <Text size="xs" c="dimmed">
          {t(`photos.level.${tag.level}`)}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        aria-label={t('photos.tagName')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        flex={1}
      />
      <ColourSelect
        label={t('photos.tagColourOf', { name: tag.name })}
        value={tag.colour}
        onChange={(colour) => update.mutateAsync({ tag, body: { colour } }).catch(fail)}
      />
      <GroupSelect
        label={t('photos.groupOf', { name: tag.name })}
        groups={groups.filter((g) => sameHome(g, tag))}
        value={tag.groupId}
        onChange={(groupId) => update.mutateAsync({ tag, body: { groupId } }).catch(fail)}
      />
      <Text size="xs" c="dimmed" w={50}>
        {t(`photos.level.${tag.level}`)}
      </Text>
      <ActionIcon
        variant="subtle"
        aria-label={t('photos.renameTag', { name: tag.name })}
        disabled={name.trim() === tag.name || name.trim() === ''}
        onClick={() => update.mutateAsync({ tag, body: { name } }).catch(fail)}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('photos.deleteTag', { name: tag.name })}
        onClick={() =>
          remove
            .mutateAsync(tag)
            .then(() => showToast('success', t('photos.tagDeleted', { name: tag.name })))
            .catch(fail)
        }
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** A group's heading: its name, renamed and deleted (its tags stay, ungrouped) where the viewer manages its folder. */
function GroupHeading({ teamId, group, editable }: { teamId: string; group: TagGroup; editable: boolean }) {
  const { t } = useTranslation();
  const [name, setName] = useState(group.name);
  const rename = useRenameTagGroup(teamId);
  const remove = useDeleteTagGroup(teamId);
  const fail = (error: unknown) => showToast('error', problemMessage(error, t));
  if (!editable) {
    return (
      <Group gap="xs">
        <Title order={4}>{group.name}</Title>
        <Text size="xs" c="dimmed">
          {t(`photos.level.${group.level}`)}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        aria-label={t('photos.tagGroupName')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        fw={600}
        flex={1}
      />
      <Text size="xs" c="dimmed" w={50}>
        {t(`photos.level.${group.level}`)}
      </Text>
      <ActionIcon
        variant="subtle"
        aria-label={t('photos.renameTagGroup', { name: group.name })}
        disabled={name.trim() === group.name || name.trim() === ''}
        onClick={() => rename.mutateAsync({ group, name }).catch(fail)}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('photos.deleteTagGroup', { name: group.name })}
        onClick={() =>
          remove
            .mutateAsync(group)
            .then(() => showToast('success', t('photos.tagGroupDeleted', { name: group.name })))
            .catch(fail)
        }
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function LevelSelect({
  homes,
  value,
  onChange,
  label,
}: {
  homes: TagHome[];
  value: TagHome['level'];
  onChange: (level: TagHome['level']) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (homes.length < 2) return null;
  return (
    <Select
      aria-label={label}
      w={110}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v as TagHome['level'])}
      data={homes.map((h) => ({ value: h.level, label: t(`photos.level.${h.level}`) }))}
    />
  );
}

/**
 * Tags and tag groups of the team and of its project (issue 19): create, rename, colour, group and
 * delete where allowed. A tag's group is one of its own folder's; deleting a group leaves its tags ungrouped.
 */
export function TagManager({ teamId, tags, groups, homes, opened, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateTag(teamId);
  const createGroup = useCreateTagGroup(teamId);
  const [name, setName] = useState('');
  const [colour, setColour] = useState<TabStyle>('dark-blue');
  const [level, setLevel] = useState<TagHome['level']>(homes[0]?.level ?? 'team');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [groupName, setGroupName] = useState('');
  const [groupLevel, setGroupLevel] = useState<TagHome['level']>(homes[0]?.level ?? 'team');
  const [groupError, setGroupError] = useState<string | null>(null);
  const home = homes.find((h) => h.level === level) ?? homes[0];
  const groupHome = homes.find((h) => h.level === groupLevel) ?? homes[0];
  const editable = (item: { level: TagHome['level']; folderId: string }) => homes.some((h) => sameHome(h, item));
  const homeGroups = home ? groups.filter((g) => sameHome(g, home)) : [];

  const submit = () => {
    if (!home) return;
    setError(null);
    create
      .mutateAsync({ home, body: { name, colour, groupId } })
      .then((tag) => {
        setName('');
        showToast('success', t('photos.tagCreated', { name: tag.name }));
      })
      .catch((e) => setError(problemMessage(e, t)));
  };
  const submitGroup = () => {
    if (!groupHome) return;
    setGroupError(null);
    createGroup
      .mutateAsync({ home: groupHome, name: groupName })
      .then((group) => {
        setGroupName('');
        showToast('success', t('photos.tagGroupCreated', { name: group.name }));
      })
      .catch((e) => setGroupError(problemMessage(e, t)));
  };

  const ungrouped = tags.filter((tag) => tag.groupId === null || !groups.some((g) => g.id === tag.groupId));
  const tagRow = (tag: Tag) => (
    <TagRow key={`${tag.id}:${tag.name}`} teamId={teamId} tag={tag} groups={groups} editable={editable(tag)} />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('photos.manageTags')} size="xl">
      <Stack gap="sm">
        {home ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={t('photos.newTag')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={error}
                flex={1}
              />
              <ColourSelect label={t('photos.tagColour')} value={colour} onChange={setColour} />
              <GroupSelect label={t('photos.tagGroup')} groups={homeGroups} value={groupId} onChange={setGroupId} />
              <LevelSelect
                label={t('photos.tagLevel')}
                homes={homes}
                value={level}
                onChange={(next) => {
                  setLevel(next);
                  setGroupId(null);
                }}
              />
              <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
                {t('photos.addTag')}
              </Button>
            </Group>
          </form>
        ) : null}
        {groupHome ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submitGroup();
            }}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={t('photos.newTagGroup')}
                value={groupName}
                onChange={(e) => setGroupName(e.currentTarget.value)}
                error={groupError}
                flex={1}
              />
              <LevelSelect
                label={t('photos.tagGroupLevel')}
                homes={homes}
                value={groupLevel}
                onChange={setGroupLevel}
              />
              <Button
                type="submit"
                variant="default"
                loading={createGroup.isPending}
                disabled={groupName.trim() === ''}
              >
                {t('photos.addTagGroup')}
              </Button>
            </Group>
          </form>
        ) : null}
        <Divider />
        {tags.length === 0 && groups.length === 0 ? <Text c="dimmed">{t('photos.noTags')}</Text> : null}
        {groups.map((group) => {
          const members = tags.filter((tag) => tag.groupId === group.id);
          return (
            <Stack key={`${group.id}:${group.name}`} gap={6} data-tag-group={group.name}>
              <GroupHeading teamId={teamId} group={group} editable={editable(group)} />
              {members.length === 0 ? (
                <Text size="sm" c="dimmed" pl="sm">
                  {t('photos.emptyTagGroup')}
                </Text>
              ) : (
                members.map(tagRow)
              )}
            </Stack>
          );
        })}
        {ungrouped.length > 0 ? (
          <Stack gap={6} data-tag-group="">
            {groups.length > 0 ? <Title order={4}>{t('photos.ungrouped')}</Title> : null}
            {ungrouped.map(tagRow)}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
