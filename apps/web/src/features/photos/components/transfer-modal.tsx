import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useTransferPhotos } from '../api/photos.ts';

/** A team the selection may go to: another active team of the same project the viewer may upload to. */
export type TransferTarget = { folderId: string; name: string };

type Props = {
  teamId: string;
  photoIds: string[];
  targets: TransferTarget[];
  onClose: () => void;
  /** After a move (the photos left this team) or a copy. */
  onDone: (mode: 'move' | 'copy') => void;
};

/** Move or copy a selection of photos to another team of the same project (issue 19). */
export function TransferModal({ teamId, photoIds, targets, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const transfer = useTransferPhotos(teamId);
  const [mode, setMode] = useState<'move' | 'copy'>('move');
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = photoIds.length;
  const targetName = targets.find((team) => team.folderId === target)?.name ?? '';

  const submit = () => {
    if (!target) return;
    setError(null);
    transfer
      .mutateAsync({ photoIds, targetTeamId: target, mode })
      .then(() => {
        showToast(
          'success',
          t(mode === 'move' ? 'photos.movedCount' : 'photos.copiedCount', { count, team: targetName }),
        );
        onDone(mode);
      })
      .catch((e) => setError(problemMessage(e, t)));
  };

  return (
    <Modal opened onClose={onClose} title={t('photos.transferTitle', { count })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('photos.transferMode')}
            value={mode}
            onChange={(value) => setMode(value as 'move' | 'copy')}
            data={[
              { value: 'move', label: t('photos.move') },
              { value: 'copy', label: t('photos.copy') },
            ]}
          />
          <Text size="sm" c="dimmed">
            {t(mode === 'move' ? 'photos.moveHint' : 'photos.copyHint')}
          </Text>
          <Select
            label={t('photos.targetTeam')}
            placeholder={t('photos.chooseTeam')}
            data={targets.map((team) => ({ value: team.folderId, label: team.name }))}
            value={target}
            onChange={setTarget}
            error={error}
            searchable
            nothingFoundMessage={t('photos.noOtherTeams')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!target} loading={transfer.isPending}>
              {t(mode === 'move' ? 'photos.moveSubmit' : 'photos.copySubmit', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
