import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { OnDemandModal } from '../../../components/ui/on-demand-modal.tsx';
import { Trans, useTranslation } from '../../../lib/translate.tsx';

/** The word to type before a permanent delete (spec 4.2: typed confirmation). */
export const deleteConfirmationWord = 'DELETE';

type Props = {
  state: 'archived' | 'deleted' | null;
  names: string[];
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Archive and delete both need confirmation; delete needs the word typed (spec 4.2). */
export function ConfirmStateChange({ state, names, loading, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const deleting = state === 'deleted';
  const close = () => {
    setTyped('');
    onCancel();
  };
  const shown = names.slice(0, 8);
  return (
    <OnDemandModal
      opened={state !== null}
      onClose={close}
      centered
      title={
        deleting
          ? t('folders.deleteTitle', { count: names.length })
          : t('folders.archiveTitle', { count: names.length })
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (deleting && typed.trim() !== deleteConfirmationWord) return;
          setTyped('');
          onConfirm();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{deleting ? t('folders.deleteBody') : t('folders.archiveBody')}</Text>
          <List size="sm" withPadding>
            {shown.map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat across projects.
              <List.Item key={index}>{name}</List.Item>
            ))}
            {names.length > shown.length && (
              <List.Item>{t('folders.andMore', { count: names.length - shown.length })}</List.Item>
            )}
          </List>
          {deleting && (
            <TextInput
              label={
                <Trans
                  i18nKey="folders.typeToConfirm"
                  values={{ word: deleteConfirmationWord }}
                  components={{ b: <b /> }}
                />
              }
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={deleting ? 'red' : 'blue'}
              loading={loading}
              disabled={deleting && typed.trim() !== deleteConfirmationWord}
            >
              {deleting ? t('folders.delete') : t('folders.archive')}
            </Button>
          </Group>
        </Stack>
      </form>
    </OnDemandModal>
  );
}
