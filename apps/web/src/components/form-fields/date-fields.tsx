import type { FieldOf } from '@formwork/shared/fields/field';
import { Badge, Group, TextInput } from '@mantine/core';
import { useTranslation } from '../../lib/translate.tsx';
import { type FieldProps, FieldShell } from './field-shell.tsx';
import { inputId } from './text-fields.tsx';

/** ISO date-time with offset (what the server keeps) to the browser's datetime-local value, and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function DateField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'date'> | FieldOf<'expiryDate'>, string>) {
  const { t } = useTranslation();
  let status: 'expired' | 'expiring' | null = null;
  if (field.type === 'expiryDate' && value) {
    const days = (Date.parse(value) - Date.parse(todayIso())) / 86_400_000;
    status = days < 0 ? 'expired' : days <= field.warnDaysBefore ? 'expiring' : null;
  }
  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          id={inputId(field.id)}
          type="date"
          style={{ flex: 1 }}
          value={value ?? ''}
          readOnly={readOnly}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
        {status && <Badge color={status === 'expired' ? 'red' : 'orange'}>{t(`formFields.${status}`)}</Badge>}
      </Group>
    </FieldShell>
  );
}

export function DateTimeField({ field, value, onChange, error, readOnly }: FieldProps<FieldOf<'dateTime'>, string>) {
  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      <TextInput
        id={inputId(field.id)}
        type="datetime-local"
        value={toLocalInput(value)}
        readOnly={readOnly}
        error={Boolean(error)}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(fromLocalInput(e.currentTarget.value))}
      />
    </FieldShell>
  );
}

type Range = { start: string; end: string };

/** A range is kept once both ends are given; one end alone stays on screen as a partial range. */
export function DateRangeField({
  field,
  value,
  onChange,
  error,
  errors,
  readOnly,
}: FieldProps<FieldOf<'dateRange'> | FieldOf<'dateTimeRange'>, Range>) {
  const { t } = useTranslation();
  const withTime = field.type === 'dateTimeRange';
  const show = (v: string | undefined) => (withTime ? toLocalInput(v) : (v ?? ''));
  const read = (v: string) => (withTime ? (fromLocalInput(v) ?? '') : v);
  const set = (part: 'start' | 'end', v: string) => {
    const next = { start: value?.start ?? '', end: value?.end ?? '', [part]: read(v) };
    onChange(next.start || next.end ? next : null);
  };
  return (
    <FieldShell field={field} error={error ?? errors?.end ?? errors?.start}>
      <Group grow gap="xs" align="flex-start" role="group" aria-label={field.label}>
        <TextInput
          type={withTime ? 'datetime-local' : 'date'}
          label={t('formFields.from')}
          value={show(value?.start)}
          readOnly={readOnly}
          onChange={(e) => set('start', e.currentTarget.value)}
        />
        <TextInput
          type={withTime ? 'datetime-local' : 'date'}
          label={t('formFields.to')}
          value={show(value?.end)}
          readOnly={readOnly}
          error={Boolean(errors?.end)}
          onChange={(e) => set('end', e.currentTarget.value)}
        />
      </Group>
    </FieldShell>
  );
}
