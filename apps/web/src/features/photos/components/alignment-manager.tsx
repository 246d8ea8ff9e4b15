import { alignmentLimits } from '@formwork/shared/schemas/photos';
import { Alert, Button, FileButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { type Confirmation, ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { problemMessage } from '../../../lib/problem-message.ts';
import { readText } from '../../../lib/read-file.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useRemoveAlignment, useTeamAlignment, useUploadAlignment } from '../api/photos.ts';
import { distanceText } from './chainage-text.ts';

const accept = '.kml,.geojson,.json,application/vnd.google-earth.kml+xml,application/geo+json,application/json';

type Props = { teamId: string; projectId: string; onClose: () => void };

/**
 * The project's alignment (issue 19.4), for its controllers: upload a KML or GeoJSON centreline,
 * replace it or remove it. A refused file shows the server's reason in the dialog.
 */
export function AlignmentManager({ teamId, projectId, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const dates = useDateText();
  const current = useTeamAlignment(teamId);
  const upload = useUploadAlignment(teamId, projectId);
  const remove = useRemoveAlignment(teamId, projectId);
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const alignment = current.data?.alignment ?? null;

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > alignmentLimits.maxChars) {
      setError(t('photos.alignmentTooLarge'));
      return;
    }
    try {
      await upload.mutateAsync({ fileName: file.name, content: await readText(file) });
      showToast('success', t('photos.alignmentUploaded'));
    } catch (failure) {
      setError(problemMessage(failure, t));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('photos.alignmentTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('photos.alignmentHelp')}
        </Text>
        {current.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : alignment ? (
          <Stack gap={2}>
            <Text fw={600} data-testid="alignment-file">
              {t('photos.alignmentFile', {
                name: alignment.fileName,
                length: distanceText(alignment.lengthM, t, i18n.language),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {dates.instant(alignment.updatedAt)}
            </Text>
          </Stack>
        ) : (
          <Text>{t('photos.alignmentNone')}</Text>
        )}
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group justify="flex-end">
          {alignment ? (
            <Button
              color="red"
              variant="light"
              onClick={() =>
                setConfirmation({
                  title: t('photos.alignmentRemoveTitle'),
                  body: t('photos.alignmentRemoveBody'),
                  confirmLabel: t('photos.alignmentRemove'),
                  danger: true,
                  onConfirm: () =>
                    remove
                      .mutateAsync(undefined)
                      .then(() => showToast('success', t('photos.alignmentRemoved')))
                      .catch((failure) => setError(problemMessage(failure, t)))
                      .finally(() => setConfirmation(null)),
                })
              }
            >
              {t('photos.alignmentRemove')}
            </Button>
          ) : null}
          <FileButton onChange={(file) => void send(file)} accept={accept}>
            {(props) => (
              <Button leftSection={<IconRoute size={16} />} loading={upload.isPending} {...props}>
                {alignment ? t('photos.alignmentReplace') : t('photos.alignmentUpload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
      <ConfirmModal confirmation={confirmation} busy={remove.isPending} onClose={() => setConfirmation(null)} />
    </Modal>
  );
}
