import type { Photo, Tag } from '@formwork/shared/schemas/photos';
import { ActionIcon, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { AuthImage } from '../../../components/ui/auth-image.tsx';
import { ColourBadge } from '../../../components/ui/colour-badge.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formPath } from '../../../lib/form-paths.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { chainageText } from './chainage-text.ts';
import { PhotoComments } from './photo-comments.tsx';

type Props = {
  photos: Photo[];
  index: number | null;
  tags: Tag[];
  onIndex: (index: number | null) => void;
  /** Whether the viewer may comment on the team's photos (photo.comment). */
  canComment: boolean;
};

/**
 * One photo large, with its facts and comments; the arrow keys go to the previous and next photo
 * (not while typing), Escape closes.
 */
export function PhotoViewer({ photos, index, tags, onIndex, canComment }: Props) {
  const { t, i18n } = useTranslation();
  const dates = useDateText();
  const photo = index === null ? undefined : photos[index];
  const go = (step: number) => {
    if (index === null) return;
    const next = index + step;
    if (next >= 0 && next < photos.length) onIndex(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: go reads the current index and photos
  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      // Arrow keys inside a comment or a picker move the caret, not the photo.
      if (event.target instanceof Element && event.target.closest('input, textarea, [contenteditable="true"]')) return;
      if (event.key === 'ArrowRight') go(1);
      if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, photos]);

  const name = photo ? (photo.fileName ?? dates.instant(photo.shotAt)) : '';
  const photoTags = photo ? tags.filter((tag) => photo.tagIds.includes(tag.id)) : [];

  return (
    <Modal opened={photo !== undefined} onClose={() => onIndex(null)} size="xl" title={name}>
      {photo ? (
        <Stack gap="sm">
          <Group wrap="nowrap" gap="xs" justify="center">
            <ActionIcon
              variant="subtle"
              aria-label={t('photos.previous')}
              disabled={index === 0}
              onClick={() => go(-1)}
            >
              <IconChevronLeft />
            </ActionIcon>
            <AuthImage
              key={photo.id}
              src={photo.urls.l}
              alt={name}
              mah="65vh"
              w="auto"
              fit="contain"
              data-testid="photo-viewer-image"
            />
            <ActionIcon
              variant="subtle"
              aria-label={t('photos.next')}
              disabled={index === photos.length - 1}
              onClick={() => go(1)}
            >
              <IconChevronRight />
            </ActionIcon>
          </Group>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text size="sm">
                {photo.takenAt
                  ? t('photos.takenAt', { when: dates.instant(photo.takenAt) })
                  : t('photos.uploadedAt', { when: dates.instant(photo.uploadedAt) })}
              </Text>
              {photo.uploadedBy ? (
                <Text size="sm" c="dimmed">
                  {t('photos.uploadedBy', { name: photo.uploadedBy.name })}
                </Text>
              ) : null}
              {photo.location ? (
                <Text size="sm" c="dimmed">
                  {t('photos.location', {
                    latitude: photo.location.latitude.toFixed(5),
                    longitude: photo.location.longitude.toFixed(5),
                  })}
                </Text>
              ) : null}
              {photo.chainage ? (
                <Text size="sm" data-testid="photo-chainage">
                  {chainageText(photo.chainage, t, i18n.language)}
                </Text>
              ) : null}
              {photo.formId ? (
                <Anchor component={Link} to={formPath(photo.teamId, photo.formId)} size="sm">
                  {t('photos.openForm')}
                </Anchor>
              ) : null}
              <Group gap={4}>
                {photoTags.map((tag) => (
                  <ColourBadge key={tag.id} colour={tag.colour}>
                    {tag.name}
                  </ColourBadge>
                ))}
              </Group>
            </Stack>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                downloadFile(`${photo.urls.xl}?download=true`, `${photo.id}.jpg`).catch((error) =>
                  showToast('error', problemMessage(error, t)),
                )
              }
            >
              {t('photos.download')}
            </Button>
          </Group>
          <PhotoComments key={photo.id} teamId={photo.teamId} photoId={photo.id} canComment={canComment} />
        </Stack>
      ) : null}
    </Modal>
  );
}
