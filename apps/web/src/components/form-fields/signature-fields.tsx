import type { FieldOf } from '@formwork/shared/fields/field';
import type { SignatureValue } from '@formwork/shared/forms/field-values';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSignature, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useDateText } from '../../lib/date-text.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { useFormFieldEnv } from './field-context.tsx';
import { type FieldProps, FieldShell } from './field-shell.tsx';
import { FileImage } from './file-image.tsx';
import { canvasToPng, SignaturePad } from './signature-pad.tsx';

type SignatureField = FieldOf<'signature'> | FieldOf<'manualSignature'> | FieldOf<'approvalSignature'>;

/** A typed name drawn in a handwriting-like face onto a PNG, so every signature is an image. */
export async function typedSignaturePng(name: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 160;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111';
  ctx.font = 'italic 56px "Segoe Script", "Brush Script MT", cursive';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, 24, 80, 552);
  return canvasToPng(canvas);
}

export function SignedView({ value, label }: { value: SignatureValue; label: string }) {
  const { t } = useTranslation();
  const dates = useDateText();
  return (
    <Paper withBorder p="xs" radius="md" maw={360}>
      <FileImage fileId={value.fileId} alt={label} h={90} fit="contain" />
      <Text size="xs" c="dimmed" mt={4}>
        {[value.signerName, value.signedAt ? t('formFields.signedAt', { when: dates.instant(value.signedAt) }) : null]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Paper>
  );
}

/**
 * Signature (drawn), Sign Manually (a typed name) and approval signatures outside workflow
 * columns. Each is uploaded as a PNG (purpose signature) and kept as its file id.
 */
export function SignatureFieldView({
  field,
  value,
  onChange,
  error,
  readOnly,
  lockedReason,
}: FieldProps<SignatureField, SignatureValue> & { lockedReason?: string }) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const [signing, setSigning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [typed, setTyped] = useState(env.signerName);
  const [noneSaved, setNoneSaved] = useState(false);

  const save = async (png: Blob, signerName: string) => {
    setBusy(true);
    setFailed(false);
    try {
      const file = await env.upload('signature', png);
      onChange({ fileId: file.fileId, signedAt: new Date().toISOString(), signerName: signerName || undefined });
      setSigning(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // Issue 16.4: the signature saved in Edit Profile (or the default from the name) signs in one click.
  const signWithMine = async (load: () => Promise<Blob | null>) => {
    setBusy(true);
    setFailed(false);
    setNoneSaved(false);
    let png: Blob | null;
    try {
      png = await load();
    } catch {
      setFailed(true);
      setBusy(false);
      return;
    }
    if (!png) {
      setNoneSaved(true);
      setBusy(false);
      return;
    }
    await save(png, env.signerName);
  };

  let body: React.ReactNode;
  if (value?.fileId) {
    body = (
      <Stack gap="xs">
        <SignedView value={value} label={field.label} />
        {!readOnly && !lockedReason && (
          <Button variant="subtle" color="red" size="compact-sm" w="fit-content" onClick={() => onChange(null)}>
            {t('formFields.removeSignature')}
          </Button>
        )}
      </Stack>
    );
  } else if (lockedReason) {
    body = (
      <Text size="sm" c="dimmed">
        {lockedReason}
      </Text>
    );
  } else if (readOnly || env.blocked) {
    body = (
      <Text size="sm" c="dimmed">
        {env.blocked ? t('formFields.notInPreview') : t('formFields.notSigned')}
      </Text>
    );
  } else if (field.type === 'manualSignature') {
    body = (
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('formFields.typedName')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          style={{ flex: 1 }}
          maw={360}
        />
        <Button
          leftSection={<IconSignature size={16} />}
          disabled={!typed.trim()}
          loading={busy}
          onClick={() => void typedSignaturePng(typed.trim()).then((png) => save(png, typed.trim()))}
        >
          {t('formFields.sign')}
        </Button>
      </Group>
    );
  } else if (signing) {
    body = (
      <SignaturePad
        label={t('formFields.signaturePad', { label: field.label })}
        busy={busy}
        onCancel={() => setSigning(false)}
        onDone={(png) => save(png, env.signerName)}
      />
    );
  } else {
    body = (
      <Stack gap={4}>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconSignature size={16} />}
            w="fit-content"
            onClick={() => setSigning(true)}
          >
            {t('formFields.sign')}
          </Button>
          {env.mySignature && (
            <Button
              variant="default"
              leftSection={<IconUserCheck size={16} />}
              loading={busy}
              onClick={() => void signWithMine(env.mySignature as () => Promise<Blob | null>)}
            >
              {t('formFields.useMySignature')}
            </Button>
          )}
        </Group>
        {noneSaved && (
          <Text size="xs" c="dimmed">
            {t('formFields.noSavedSignature')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <FieldShell field={field} error={failed ? t('formFields.uploadSignatureFailed') : error}>
      {body}
    </FieldShell>
  );
}
