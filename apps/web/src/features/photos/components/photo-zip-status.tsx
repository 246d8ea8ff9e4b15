import { Button, CloseButton, Group, Progress, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useDateText } from '../../../lib/date-text.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { usePhotoZip } from '../api/photos.ts';

/**
 * A ZIP of photos being made by the server (issue 19): how many photos it holds so far, then a
 * download button with the time it stays available, or why there is none (failed, expired).
 */
export function PhotoZipStatus({ teamId, zipId, onDismiss }: { teamId: string; zipId: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const dates = useDateText();
  const zip = usePhotoZip(teamId, zipId);
  const current = zip.data;
  const making = !current || current.state === 'queued' || current.state === 'running';
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite" data-photo-zip-state={current?.state ?? 'queued'}>
      {zip.isError ? (
        <Text size="sm" c="red">
          {problemMessage(zip.error, t)}
        </Text>
      ) : making ? (
        <>
          <Text size="sm">
            {t('photos.zipMaking', { written: current?.writtenCount ?? 0, total: current?.photoCount ?? 0 })}
          </Text>
          <Progress
            w={160}
            aria-label={t('photos.zipProgress')}
            value={current && current.photoCount > 0 ? (100 * current.writtenCount) / current.photoCount : 0}
            animated
          />
        </>
      ) : current.state === 'ready' && current.downloadUrl ? (
        <>
          <Text size="sm">
            {t('photos.zipReady', {
              count: current.writtenCount,
              until: current.expiresAt ? dates.instant(current.expiresAt) : '',
            })}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() =>
              void downloadFile(current.downloadUrl as string, current.fileName ?? 'photos.zip').catch((error) =>
                showToast('error', problemMessage(error, t)),
              )
            }
          >
            {t('photos.zipDownload')}
          </Button>
        </>
      ) : (
        <Text size="sm" c="red">
          {current.state === 'expired' ? t('photos.zipExpired') : t('photos.zipFailed')}
        </Text>
      )}
      <CloseButton size="sm" aria-label={t('photos.zipDismiss')} onClick={onDismiss} />
    </Group>
  );
}
