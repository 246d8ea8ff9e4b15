import type { Photo } from '@formwork/shared/schemas/photos';
import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { uploadPhoto } from '../api/photos.ts';

export type UploadItem = {
  photoId: string;
  file: File;
  progress: number;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  error?: string;
};

/** Uploads at once from one browser: the server decodes one photo per core, the rest wait there. */
const parallelUploads = 3;

/**
 * The uploads of a gallery: each file gets its own photo id (so a retry answers the photo it
 * made), its progress, and on failure its reason and a retry button. Files go a few at a time.
 */
export function useUploadQueue(teamId: string, onUploaded: (photo: Photo) => void) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const running = useRef(0);
  const queue = useRef<UploadItem[]>([]);

  const update = useCallback((photoId: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.photoId === photoId ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < parallelUploads && queue.current.length > 0) {
      const item = queue.current.shift() as UploadItem;
      running.current += 1;
      update(item.photoId, { status: 'uploading', progress: 0, error: undefined });
      uploadPhoto(teamId, item, (progress) => update(item.photoId, { progress }))
        .then((photo) => {
          update(item.photoId, { status: 'done', progress: 1 });
          onUploaded(photo);
        })
        .catch((error) => update(item.photoId, { status: 'failed', error: problemMessage(error, t) }))
        .finally(() => {
          running.current -= 1;
          pump();
        });
    }
  }, [teamId, onUploaded, update, t]);

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({
        photoId: crypto.randomUUID(),
        file,
        progress: 0,
        status: 'queued' as const,
      }));
      setItems((all) => [...all.filter((i) => i.status !== 'done'), ...added]);
      queue.current.push(...added);
      pump();
    },
    [pump],
  );

  const retry = useCallback(
    (item: UploadItem) => {
      update(item.photoId, { status: 'queued', progress: 0, error: undefined });
      queue.current.push(item);
      pump();
    },
    [pump, update],
  );

  return { items, add, retry };
}

export function UploadQueue({ items, retry }: { items: UploadItem[]; retry: (item: UploadItem) => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Stack gap={4} aria-label={t('photos.uploads')} role="list">
      {items.map((item) => (
        <Group key={item.photoId} gap="xs" wrap="nowrap" role="listitem" aria-label={item.file.name}>
          <Text size="sm" w={220} truncate>
            {item.file.name}
          </Text>
          <Progress
            flex={1}
            value={Math.round(item.progress * 100)}
            color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'green' : 'blue'}
            aria-label={t('photos.progress', { name: item.file.name })}
          />
          <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'} w={260} truncate>
            {item.status === 'failed' ? item.error : t(`photos.status.${item.status}`)}
          </Text>
          {item.status === 'failed' ? (
            <ActionIcon
              variant="subtle"
              aria-label={t('photos.retry', { name: item.file.name })}
              onClick={() => retry(item)}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
