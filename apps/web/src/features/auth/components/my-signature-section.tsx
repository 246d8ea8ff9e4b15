import { uploadRules } from '@formwork/shared/uploads';
import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { SignaturePad } from '../../../components/form-fields/signature-pad.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useApiImage, useMySignature, useRemoveSignature, useSaveSignature } from '../api/profile.ts';

/** Issue 16.4: the user's own signature, drawn or uploaded, offered by signature fields. */
export function MySignatureSection() {
  const { t } = useTranslation();
  const signature = useMySignature();
  const save = useSaveSignature();
  const remove = useRemoveSignature();
  const [drawing, setDrawing] = useState(false);
  const [failed, setFailed] = useState(false);
  const src = useApiImage(signature.data?.url);

  const store = async (png: Blob, source: 'drawn' | 'uploaded') => {
    setFailed(false);
    try {
      await save.mutateAsync({ png, source });
      setDrawing(false);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('profile.signatureHelp')}
      </Text>
      {drawing ? (
        <SignaturePad
          label={t('profile.signaturePad')}
          confirmLabel={t('profile.saveSignature')}
          busy={save.isPending}
          onCancel={() => setDrawing(false)}
          onDone={(png) => store(png, 'drawn')}
        />
      ) : signature.data ? (
        <Paper withBorder p="xs" radius="md" maw={360}>
          {src ? <Image src={src} alt={t('profile.mySignature')} h={90} fit="contain" /> : <Text size="sm">…</Text>}
          <Text size="xs" c="dimmed" mt={4}>
            {t(`profile.signatureSource.${signature.data.source}`)}
          </Text>
        </Paper>
      ) : (
        signature.isSuccess && (
          <Text size="sm" fw={500}>
            {t('profile.noSignature')}
          </Text>
        )
      )}
      {failed && (
        <Text size="sm" c="red" role="alert">
          {t('formFields.uploadSignatureFailed')}
        </Text>
      )}
      {!drawing && (
        <Group gap="xs">
          <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setDrawing(true)}>
            {t('profile.drawSignature')}
          </Button>
          <FileButton accept={uploadRules.signature.accept} onChange={(file) => file && void store(file, 'uploaded')}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={save.isPending}>
                {t('profile.uploadSignature')}
              </Button>
            )}
          </FileButton>
          {signature.data && (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('profile.removeSignature')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
