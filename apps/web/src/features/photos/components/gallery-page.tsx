import { can, type Membership, photoItemAccess } from '@formwork/shared/permissions';
import {
  maxTagsPerApply,
  type Photo,
  type PhotoSource,
  type PhotoState,
  type Tag,
  type TagGroup,
} from '@formwork/shared/schemas/photos';
import {
  Box,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileZip, IconRoute, IconTags, IconUpload } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { type Confirmation, ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  emptyGalleryFilter,
  type GalleryFilter,
  type TagHome,
  useArchivePhotos,
  useDeletePhotos,
  useGallery,
  useRefreshGallery,
  useRequestPhotoZip,
  useRestorePhotos,
  useTagCatalog,
  useTagPhotos,
  useTeamAlignment,
} from '../api/photos.ts';
import { AlignmentManager } from './alignment-manager.tsx';
import { PhotoGrid } from './photo-grid.tsx';
import { PhotoMap } from './photo-map.tsx';
import { PhotoViewer } from './photo-viewer.tsx';
import { PhotoZipStatus } from './photo-zip-status.tsx';
import { TagManager } from './tag-manager.tsx';
import { TransferModal, type TransferTarget } from './transfer-modal.tsx';
import { UploadQueue, useUploadQueue } from './upload-queue.tsx';

type Props = {
  teamId: string;
  /** The team folder's path: company, project, team. */
  path: readonly string[];
  viewer: Membership;
  userId: string;
  /** Other active teams of the same project the viewer may upload to: where a selection may be moved or copied. */
  transferTargets: TransferTarget[];
};

const accept = 'image/jpeg,image/png,image/webp';

/** Tags as select options, in their groups (groups in the catalog's order, then the ungrouped ones). */
export function groupedTagOptions(tags: Tag[], groups: TagGroup[], ungroupedLabel: string) {
  const option = (tag: Tag) => ({ value: tag.id, label: tag.name });
  if (groups.length === 0) return tags.map(option);
  const known = new Set(groups.map((g) => g.id));
  const sections = groups
    .map((group) => ({ group: group.name, items: tags.filter((tag) => tag.groupId === group.id).map(option) }))
    .filter((section) => section.items.length > 0);
  const rest = tags.filter((tag) => tag.groupId === null || !known.has(tag.groupId)).map(option);
  return rest.length > 0 ? [...sections, { group: ungroupedLabel, items: rest }] : sections;
}

/**
 * A team's Photos (spec 2.2; issue 19): upload by drag and drop or picker with per-file progress
 * and retry, the gallery grouped by day, filters, tags applied to a selection, archive, restore,
 * delete, and a viewer.
 */
export function GalleryPage({ teamId, path, viewer, userId, transferTargets }: Props) {
  const { t } = useTranslation();
  const team = { kind: 'team' as const, path };
  const projectId = path[1] as string;
  const [filter, setFilter] = useState<GalleryFilter>(emptyGalleryFilter);
  const gallery = useGallery(teamId, filter);
  const catalog = useTagCatalog(teamId);
  const refresh = useRefreshGallery(teamId);
  const onUploaded = useCallback(() => void refresh(), [refresh]);
  const uploads = useUploadQueue(teamId, onUploaded);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [managing, setManaging] = useState(false);
  const [view, setView] = useState<'grid' | 'map'>('grid');
  const [aligning, setAligning] = useState(false);
  const alignment = useTeamAlignment(teamId, view === 'map');
  const [transferring, setTransferring] = useState(false);
  const [zipId, setZipId] = useState<string | null>(null);
  const requestZip = useRequestPhotoZip(teamId);
  const [applying, setApplying] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const archive = useArchivePhotos(teamId);
  const restore = useRestorePhotos(teamId);
  const remove = useDeletePhotos(teamId);
  const tagPhotos = useTagPhotos(teamId);

  const photos = useMemo(() => gallery.data?.pages.flatMap((p) => p.photos) ?? [], [gallery.data]);
  const tags = catalog.data?.tags ?? [];
  const groups = catalog.data?.groups ?? [];
  const tagOptions = useMemo(() => groupedTagOptions(tags, groups, t('photos.ungrouped')), [tags, groups, t]);
  const homes: TagHome[] = [
    ...(can(viewer, 'photo.manageTags', team) ? [{ level: 'team' as const, folderId: teamId }] : []),
    ...(can(viewer, 'photo.manageTags', { kind: 'project', path: path.slice(0, 2) })
      ? [{ level: 'project' as const, folderId: projectId }]
      : []),
  ];
  const uploaders = useMemo(() => {
    const seen = new Map<string, string>();
    for (const photo of photos) if (photo.uploadedBy) seen.set(photo.uploadedBy.id, photo.uploadedBy.name);
    if (filter.uploadedBy && !seen.has(filter.uploadedBy)) seen.set(filter.uploadedBy, filter.uploadedBy);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [photos, filter.uploadedBy]);
  const selectedPhotos = photos.filter((p) => selected.has(p.id));
  const access = (photo: Photo) =>
    photoItemAccess(viewer, team, { uploadedByViewer: photo.uploadedBy?.id === userId, state: photo.state });
  const canUpload = can(viewer, 'photo.upload', team);
  const canAlign = can(viewer, 'photo.manageAlignment', { kind: 'project', path: path.slice(0, 2) });

  const setFilterPart = (part: Partial<GalleryFilter>) => {
    setSelected(new Set());
    setFilter((f) => ({ ...f, ...part }));
  };
  const onEndReached = useCallback(() => {
    if (gallery.hasNextPage && !gallery.isFetchingNextPage) void gallery.fetchNextPage();
  }, [gallery]);
  const toggle = (photoId: string) =>
    setSelected((all) => {
      const next = new Set(all);
      if (next.has(photoId)) next.delete(photoId);
      else next.add(photoId);
      return next;
    });
  const done = (key: string) => () => {
    showToast('success', t(key, { count: selected.size }));
    setSelected(new Set());
  };
  const fail = (error: unknown) => showToast('error', problemMessage(error, t));
  const ids = [...selected];

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!canUpload) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) uploads.add(files);
  };

  return (
    <Stack
      gap="sm"
      p="md"
      onDragOver={(event) => {
        if (!canUpload) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={dragging ? { outline: '2px dashed var(--mantine-color-blue-5)', outlineOffset: -4 } : undefined}
    >
      <Group justify="space-between">
        <Title order={1}>{t('shell.photos')}</Title>
        <Group>
          {canAlign ? (
            <Button variant="default" leftSection={<IconRoute size={16} />} onClick={() => setAligning(true)}>
              {t('photos.alignment')}
            </Button>
          ) : null}
          {homes.length > 0 ? (
            <Button variant="default" leftSection={<IconTags size={16} />} onClick={() => setManaging(true)}>
              {t('photos.manageTags')}
            </Button>
          ) : null}
          {canUpload ? (
            <FileButton onChange={(files) => uploads.add(files)} accept={accept} multiple>
              {(props) => (
                <Button leftSection={<IconUpload size={16} />} {...props}>
                  {t('photos.upload')}
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
      </Group>
      {canUpload ? (
        <Text size="sm" c="dimmed">
          {t('photos.dropHint')}
        </Text>
      ) : null}
      <UploadQueue items={uploads.items} retry={uploads.retry} />
      {zipId ? <PhotoZipStatus key={zipId} teamId={teamId} zipId={zipId} onDismiss={() => setZipId(null)} /> : null}

      <Group gap="xs" align="flex-end">
        <SegmentedControl
          aria-label={t('photos.viewMode')}
          value={view}
          onChange={(value) => setView(value as 'grid' | 'map')}
          data={[
            { value: 'grid', label: t('photos.grid') },
            { value: 'map', label: t('photos.map') },
          ]}
        />
        <SegmentedControl
          aria-label={t('photos.stateFilter')}
          value={filter.state}
          onChange={(value) => setFilterPart({ state: value as PhotoState })}
          data={[
            { value: 'active', label: t('photos.active') },
            { value: 'archived', label: t('photos.archived') },
          ]}
        />
        <MultiSelect
          label={t('photos.filterTags')}
          placeholder={filter.tagIds.length === 0 ? t('photos.anyTag') : undefined}
          data={tagOptions}
          value={filter.tagIds}
          onChange={(tagIds) => setFilterPart({ tagIds })}
          maxValues={maxTagsPerApply}
          clearable
          searchable
          w={260}
        />
        <TextInput
          type="date"
          label={t('photos.from')}
          value={filter.from}
          onChange={(e) => setFilterPart({ from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('photos.to')}
          value={filter.to}
          onChange={(e) => setFilterPart({ to: e.currentTarget.value })}
        />
        <Select
          label={t('photos.uploader')}
          placeholder={t('photos.anyone')}
          data={uploaders}
          value={filter.uploadedBy || null}
          onChange={(v) => setFilterPart({ uploadedBy: v ?? '' })}
          clearable
          w={180}
        />
        <Select
          label={t('photos.source')}
          placeholder={t('photos.anySource')}
          data={[
            { value: 'upload', label: t('photos.sources.upload') },
            { value: 'form', label: t('photos.sources.form') },
          ]}
          value={filter.source || null}
          onChange={(v) => setFilterPart({ source: (v ?? '') as PhotoSource | '' })}
          clearable
          w={160}
        />
      </Group>

      {selected.size > 0 ? (
        <Group gap="xs" p="xs" style={{ background: 'var(--mantine-color-gray-0)', borderRadius: 4 }}>
          <Text size="sm" fw={600}>
            {t('photos.selected', { count: selected.size })}
          </Text>
          {can(viewer, 'photo.tag', team) ? (
            <>
              <MultiSelect
                aria-label={t('photos.tagsToApply')}
                placeholder={t('photos.tagsToApply')}
                data={tagOptions}
                value={applying}
                onChange={setApplying}
                maxValues={maxTagsPerApply}
                searchable
                w={280}
              />
              <Button
                size="xs"
                disabled={applying.length === 0}
                loading={tagPhotos.isPending}
                onClick={() =>
                  tagPhotos
                    .mutateAsync({ photoIds: ids, add: applying, remove: [] })
                    .then(() => setApplying([]))
                    .then(done('photos.tagsApplied'))
                    .catch(fail)
                }
              >
                {t('photos.applyTags')}
              </Button>
            </>
          ) : null}
          {filter.state === 'active' && selectedPhotos.every((p) => access(p).archive) ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => archive.mutateAsync(ids).then(done('photos.archivedCount')).catch(fail)}
            >
              {t('photos.archive')}
            </Button>
          ) : null}
          {filter.state === 'archived' && selectedPhotos.every((p) => access(p).restore) ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => restore.mutateAsync(ids).then(done('photos.restoredCount')).catch(fail)}
            >
              {t('photos.restore')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileZip size={14} />}
            loading={requestZip.isPending}
            onClick={() =>
              requestZip
                .mutateAsync(ids)
                .then((zip) => setZipId(zip.zipId))
                .catch(fail)
            }
          >
            {t('photos.downloadZip')}
          </Button>
          {can(viewer, 'photo.delete', team) && transferTargets.length > 0 ? (
            <Button size="xs" variant="default" onClick={() => setTransferring(true)}>
              {t('photos.moveOrCopy')}
            </Button>
          ) : null}
          {can(viewer, 'photo.delete', team) ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() =>
                setConfirmation({
                  title: t('photos.deleteTitle'),
                  body: t('photos.deleteBody', { count: selected.size }),
                  confirmLabel: t('photos.delete'),
                  danger: true,
                  onConfirm: () =>
                    remove
                      .mutateAsync(ids)
                      .then(done('photos.deletedCount'))
                      .catch(fail)
                      .finally(() => setConfirmation(null)),
                })
              }
            >
              {t('photos.delete')}
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
            {t('photos.clearSelection')}
          </Button>
        </Group>
      ) : null}

      {gallery.isPending ? (
        <Center mih="30vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : gallery.isError ? (
        <Text c="red">{problemMessage(gallery.error, t)}</Text>
      ) : view === 'map' ? (
        alignment.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : (
          <PhotoMap
            alignment={alignment.data?.alignment ?? null}
            tiles={alignment.data?.tiles ?? null}
            photos={photos}
            onOpen={setViewing}
          />
        )
      ) : photos.length === 0 ? (
        <Text c="dimmed">{t('photos.empty')}</Text>
      ) : (
        <Box>
          <PhotoGrid
            photos={photos}
            selected={selected}
            onToggle={toggle}
            onOpen={setViewing}
            onEndReached={onEndReached}
          />
          {gallery.isFetchingNextPage ? <Loader size="sm" aria-label={t('app.loading')} /> : null}
        </Box>
      )}
      <PhotoViewer
        photos={photos}
        index={viewing}
        tags={tags}
        onIndex={setViewing}
        canComment={can(viewer, 'photo.comment', team)}
      />
      {managing ? (
        <TagManager
          teamId={teamId}
          tags={tags}
          groups={groups}
          homes={homes}
          opened
          onClose={() => setManaging(false)}
        />
      ) : null}
      {aligning ? <AlignmentManager teamId={teamId} projectId={projectId} onClose={() => setAligning(false)} /> : null}
      {transferring ? (
        <TransferModal
          teamId={teamId}
          photoIds={ids}
          targets={transferTargets}
          onClose={() => setTransferring(false)}
          onDone={() => {
            setTransferring(false);
            setSelected(new Set());
          }}
        />
      ) : null}
      <ConfirmModal confirmation={confirmation} busy={remove.isPending} onClose={() => setConfirmation(null)} />
    </Stack>
  );
}
