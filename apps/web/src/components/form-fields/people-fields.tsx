import type { FieldOf } from '@formwork/shared/fields/field';
import type { LocationValue } from '@formwork/shared/forms/field-values';
import { Button, Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/translate.tsx';
import { useFormFieldEnv } from './field-context.tsx';
import { type FieldProps, FieldShell } from './field-shell.tsx';
import { inputId } from './text-fields.tsx';

export function PersonField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'person'> | FieldOf<'singlePerson'>, string[] | string>) {
  const env = useFormFieldEnv();
  const { t } = useTranslation();
  const data = env.people.map((p) => ({ value: p.userId, label: p.name }));
  // Keep people already chosen (by someone else) visible even when not offered here.
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  for (const id of chosen)
    if (!data.some((d) => d.value === id)) data.push({ value: id, label: t('formFields.otherPerson') });
  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      {field.type === 'person' ? (
        <MultiSelect
          id={inputId(field.id)}
          data={data}
          value={chosen}
          readOnly={readOnly}
          searchable
          error={Boolean(error)}
          onChange={(v) => onChange(v.length ? v : null)}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Select
          id={inputId(field.id)}
          data={data}
          value={chosen[0] ?? null}
          readOnly={readOnly}
          clearable={!readOnly}
          searchable
          error={Boolean(error)}
          onChange={(v) => onChange(v)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </FieldShell>
  );
}

export function RelationshipField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'relationship'>, string[]>) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const related = env.useRelatedForms(env.teamId, field.relatedTemplateId);
  const chosen = value ?? [];
  const data = (related?.options ?? []).map((f) => ({ value: f.formId, label: f.title }));
  for (const id of chosen)
    if (!data.some((d) => d.value === id)) data.push({ value: id, label: t('formFields.linkedForm') });
  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      {field.relatedTemplateId ? (
        <MultiSelect
          id={inputId(field.id)}
          data={data}
          value={chosen}
          readOnly={readOnly}
          searchable
          placeholder={related?.loading ? t('app.loading') : t('formFields.pickForms')}
          nothingFoundMessage={t('formFields.noRelatedForms')}
          error={Boolean(error)}
          onChange={(v) => onChange(v.length ? v : null)}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('formFields.noRelatedTemplate')}
        </Text>
      )}
    </FieldShell>
  );
}

/**
 * Coordinates from the browser's geolocation or typed in, with an optional address. No map tiles:
 * they would need an outside server.
 */
export function LocationField({
  field,
  value,
  onChange,
  error,
  errors,
  readOnly,
}: FieldProps<FieldOf<'location'>, LocationValue>) {
  const { t } = useTranslation();
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ latitude?: number; longitude?: number }>({});
  const latitude = value?.latitude ?? draft.latitude;
  const longitude = value?.longitude ?? draft.longitude;

  const set = (next: Partial<LocationValue>) => {
    const merged = { latitude, longitude, address: value?.address, accuracyMetres: value?.accuracyMetres, ...next };
    if (typeof merged.latitude === 'number' && typeof merged.longitude === 'number') {
      const clean: LocationValue = { latitude: merged.latitude, longitude: merged.longitude };
      if (merged.address) clean.address = merged.address;
      if (merged.accuracyMetres !== undefined) clean.accuracyMetres = merged.accuracyMetres;
      onChange(clean);
      setDraft({});
    } else {
      setDraft({ latitude: merged.latitude, longitude: merged.longitude });
      onChange(null);
    }
  };

  const locate = () => {
    if (!navigator.geolocation) {
      setFailed(t('formFields.noGeolocation'));
      return;
    }
    setLocating(true);
    setFailed(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        set({
          latitude: Number(position.coords.latitude.toFixed(6)),
          longitude: Number(position.coords.longitude.toFixed(6)),
          accuracyMetres: Math.round(position.coords.accuracy),
        });
      },
      () => {
        setLocating(false);
        setFailed(t('formFields.locationFailed'));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const firstError = error ?? failed ?? errors?.latitude ?? errors?.longitude ?? undefined;
  return (
    <FieldShell field={field} error={firstError}>
      <Stack gap="xs">
        <Group grow gap="xs" align="flex-start">
          <NumberInput
            label={t('formFields.latitude')}
            value={latitude ?? ''}
            min={-90}
            max={90}
            decimalScale={6}
            readOnly={readOnly}
            onChange={(v) => set({ latitude: typeof v === 'number' ? v : undefined })}
          />
          <NumberInput
            label={t('formFields.longitude')}
            value={longitude ?? ''}
            min={-180}
            max={180}
            decimalScale={6}
            readOnly={readOnly}
            onChange={(v) => set({ longitude: typeof v === 'number' ? v : undefined })}
          />
        </Group>
        {!(readOnly && !value?.address) && (
          <TextInput
            label={t('formFields.address')}
            value={value?.address ?? ''}
            readOnly={readOnly}
            disabled={!value}
            onChange={(e) => set({ address: e.currentTarget.value })}
          />
        )}
        {!readOnly && field.captureGps && (
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconCurrentLocation size={16} />}
            loading={locating}
            onClick={locate}
          >
            {t('formFields.useMyLocation')}
          </Button>
        )}
        {value?.accuracyMetres !== undefined && (
          <Text size="xs" c="dimmed">
            {t('formFields.accuracy', { metres: value.accuracyMetres })}
          </Text>
        )}
      </Stack>
    </FieldShell>
  );
}
