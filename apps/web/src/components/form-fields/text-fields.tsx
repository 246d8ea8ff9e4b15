import type { FieldOf } from '@formwork/shared/fields/field';
import { NumberInput, Text, Textarea, TextInput } from '@mantine/core';
import { type FieldProps, FieldShell } from './field-shell.tsx';

export const inputId = (fieldId: string) => `field-${fieldId}`;

export function SingleLineTextField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'singleLineText'>, string>) {
  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      <TextInput
        id={inputId(field.id)}
        value={value ?? ''}
        placeholder={field.placeholder}
        maxLength={field.maxLength}
        readOnly={readOnly}
        error={Boolean(error)}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FieldShell>
  );
}

export function MultiLineTextField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'multiLineText'>, string>) {
  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      <Textarea
        id={inputId(field.id)}
        autosize
        minRows={3}
        maxRows={12}
        value={value ?? ''}
        placeholder={field.placeholder}
        maxLength={field.maxLength}
        readOnly={readOnly}
        error={Boolean(error)}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FieldShell>
  );
}

export function PrefilledTextField({ field }: { field: FieldOf<'prefilledText'> }) {
  return (
    <FieldShell field={field}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {field.text}
      </Text>
    </FieldShell>
  );
}

export function NumberField({ field, value, onChange, error, readOnly }: FieldProps<FieldOf<'number'>, number>) {
  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      <NumberInput
        id={inputId(field.id)}
        inputMode="decimal"
        min={field.min}
        max={field.max}
        clampBehavior="none"
        readOnly={readOnly}
        error={Boolean(error)}
        aria-invalid={Boolean(error)}
        rightSection={field.unit ? <Text size="xs">{field.unit}</Text> : undefined}
        rightSectionWidth={field.unit ? 44 : undefined}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
      />
    </FieldShell>
  );
}
