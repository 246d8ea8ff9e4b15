import type { FieldOf } from '@formwork/shared/fields/field';
import type { PhotoSize } from '@formwork/shared/fields/field-base';
import type { PhotoValue } from '@formwork/shared/forms/field-values';
import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translate.tsx';
import { useFormFieldEnv } from './field-context.tsx';
import { type FieldProps, FieldShell } from './field-shell.tsx';
import { FileImage, useFileObjectUrl } from './file-image.tsx';
import { SignaturePad } from './signature-pad.tsx';

/** Spec 9: photos shown in sizes XS to XL (thumbnail width in pixels). */
export const photoWidths: Record<PhotoSize, number> = { XS: 64, S: 96, M: 144, L: 200, XL: 280 };
export const acceptedImages = 'image/png,image/jpeg,image/webp';

export function PhotosField({ field, value, onChange, error, readOnly }: FieldProps<FieldOf<'photos'>, PhotoValue[]>) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const [busy, setBusy] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const photos = value ?? [];
  const width = photoWidths[field.size];
  const room = (field.maxPhotos ?? 100) - photos.length;

  const add = async (files: File[]) => {
    const chosen = files.slice(0, Math.max(0, room));
    if (chosen.length === 0) return;
    setFailed(null);
    setBusy((n) => n + chosen.length);
    const added: PhotoValue[] = [];
    for (const file of chosen) {
      try {
        const uploaded = await env.upload('photo', file);
        added.push({ fileId: uploaded.fileId });
      } catch {
        setFailed(t('formFields.photoUploadFailed', { name: file.name }));
      } finally {
        setBusy((n) => n - 1);
      }
    }
    if (added.length) onChange([...photos, ...added]);
  };

  return (
    <FieldShell field={field} error={failed ?? error}>
      <Group gap="sm" align="flex-start" data-photo-size={field.size}>
        {photos.map((photo, index) => (
          <Paper key={photo.fileId} withBorder radius="md" p={4} pos="relative" w={width + 10}>
            <FileImage
              fileId={photo.fileId}
              alt={photo.caption || t('formFields.photoAlt', { label: field.label, n: index + 1 })}
              w={width}
              h={Math.round(width * 0.75)}
              fit="cover"
              radius="sm"
            />
            {photo.caption && (
              <Text size="xs" c="dimmed" mt={4} lineClamp={2} title={photo.caption}>
                {photo.caption}
              </Text>
            )}
            {!readOnly && (
              <ActionIcon
                pos="absolute"
                top={6}
                right={6}
                size="sm"
                color="red"
                variant="filled"
                aria-label={t('formFields.removePhoto', { n: index + 1 })}
                onClick={() => onChange(photos.filter((p) => p.fileId !== photo.fileId))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Paper>
        ))}
        {!readOnly && !env.blocked && room > 0 && (
          <FileButton onChange={(files) => void add(files)} accept={acceptedImages} multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconCamera size={16} />}
                loading={busy > 0}
                h={Math.max(44, Math.round(width * 0.75))}
              >
                {t('formFields.addPhotos')}
              </Button>
            )}
          </FileButton>
        )}
        {env.blocked && (
          <Text size="sm" c="dimmed">
            {t('formFields.notInPreview')}
          </Text>
        )}
        {readOnly && photos.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('formFields.noPhotos')}
          </Text>
        )}
      </Group>
    </FieldShell>
  );
}

/** Draw on the template's background image, a photo picked now, or a blank canvas; saved as one PNG. */
export function SketchField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'sketch'>, { fileId: string }>) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const [drawing, setDrawing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const templateBackground = useFileObjectUrl(drawing ? field.backgroundImage?.fileId : null);
  const [photo, setPhoto] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo);
    },
    [photo],
  );

  const save = async (png: Blob) => {
    setBusy(true);
    setFailed(false);
    try {
      const file = await env.upload('sketch', png);
      onChange({ fileId: file.fileId });
      setDrawing(false);
      setPhoto(null);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FieldShell field={field} error={failed ? t('formFields.sketchUploadFailed') : error}>
      {value?.fileId && !drawing ? (
        <Stack gap="xs">
          <Paper withBorder p={4} radius="md" maw={480}>
            <FileImage fileId={value.fileId} alt={field.label} fit="contain" mah={320} />
          </Paper>
          {!readOnly && (
            <Group gap="xs">
              <Button variant="light" size="compact-sm" onClick={() => setDrawing(true)}>
                {t('formFields.redraw')}
              </Button>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange(null)}>
                {t('formFields.removeSketch')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : drawing ? (
        <Stack gap="xs">
          <Group gap="xs">
            <FileButton
              accept={acceptedImages}
              onChange={(file) => {
                if (file) setPhoto(URL.createObjectURL(file));
              }}
            >
              {(props) => (
                <Button {...props} variant="default" size="compact-sm" leftSection={<IconPhoto size={14} />}>
                  {t('formFields.drawOnPhoto')}
                </Button>
              )}
            </FileButton>
            {photo && (
              <Button variant="subtle" size="compact-sm" onClick={() => setPhoto(null)}>
                {t('formFields.blankCanvas')}
              </Button>
            )}
          </Group>
          <SignaturePad
            label={t('formFields.sketchPad', { label: field.label })}
            height={300}
            background={photo ?? templateBackground}
            strokeColour="#e03131"
            busy={busy}
            confirmLabel={t('formFields.useSketch')}
            onCancel={() => setDrawing(false)}
            onDone={save}
          />
        </Stack>
      ) : readOnly || env.blocked ? (
        <Text size="sm" c="dimmed">
          {env.blocked ? t('formFields.notInPreview') : t('formFields.noSketch')}
        </Text>
      ) : (
        <Button variant="light" w="fit-content" leftSection={<IconPhoto size={16} />} onClick={() => setDrawing(true)}>
          {t('formFields.addSketch')}
        </Button>
      )}
    </FieldShell>
  );
}
