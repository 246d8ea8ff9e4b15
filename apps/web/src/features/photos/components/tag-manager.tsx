import type { Tag } from '@formwork/shared/schemas/photos';
import { type TabStyle, tabStyles } from '@formwork/shared/schemas/tabs';
import { ActionIcon, Button, ColorSwatch, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { tabColours } from '../../../components/ui/tab-colours.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { type TagHome, useCreateTag, useDeleteTag, useUpdateTag } from '../api/photos.ts';

type Props = {
  teamId: string;
  tags: Tag[];
  /** Where the viewer may manage tags: the team, its project, or both. */
  homes: TagHome[];
  opened: boolean;
  onClose: () => void;
};

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

function TagRow({ teamId, tag, editable }: { teamId: string; tag: Tag; editable: boolean }) {
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
        label={t('photos.tagColour')}
        value={tag.colour}
        onChange={(colour) => update.mutateAsync({ tag, body: { colour } }).catch(fail)}
      />
      <Text size="xs" c="dimmed" w={60}>
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

/** Tags of the team and of its project (issue 19): create, rename, colour and delete where allowed. */
export function TagManager({ teamId, tags, homes, opened, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateTag(teamId);
  const [name, setName] = useState('');
  const [colour, setColour] = useState<TabStyle>('dark-blue');
  const [level, setLevel] = useState<TagHome['level']>(homes[0]?.level ?? 'team');
  const [error, setError] = useState<string | null>(null);
  const home = homes.find((h) => h.level === level) ?? homes[0];
  const editable = (tag: Tag) => homes.some((h) => h.level === tag.level && h.folderId === tag.folderId);

  const submit = () => {
    if (!home) return;
    setError(null);
    create
      .mutateAsync({ home, body: { name, colour } })
      .then((tag) => {
        setName('');
        showToast('success', t('photos.tagCreated', { name: tag.name }));
      })
      .catch((e) => setError(problemMessage(e, t)));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('photos.manageTags')} size="lg">
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
              {homes.length > 1 ? (
                <Select
                  aria-label={t('photos.tagLevel')}
                  w={110}
                  value={level}
                  allowDeselect={false}
                  onChange={(v) => v && setLevel(v as TagHome['level'])}
                  data={homes.map((h) => ({ value: h.level, label: t(`photos.level.${h.level}`) }))}
                />
              ) : null}
              <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
                {t('photos.addTag')}
              </Button>
            </Group>
          </form>
        ) : null}
        {tags.length === 0 ? <Text c="dimmed">{t('photos.noTags')}</Text> : null}
        {tags.map((tag) => (
          <TagRow key={`${tag.id}:${tag.name}`} teamId={teamId} tag={tag} editable={editable(tag)} />
        ))}
      </Stack>
    </Modal>
  );
}
