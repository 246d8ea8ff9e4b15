import type { FieldOf } from '@formwork/shared/fields/field';
import { Checkbox, Chip, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../lib/translate.tsx';
import { type FieldProps, FieldShell } from './field-shell.tsx';
import { inputId } from './text-fields.tsx';

type YesNoValue = { answer: 'yes' | 'no' | 'na' | null; text?: string };

/** Yes/No and Yes/No/NA as large tap targets (site use on a phone), with the optional comment. */
export function YesNoField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'yesNo'> | FieldOf<'yesNoNa'>, YesNoValue>) {
  const { t } = useTranslation();
  const answers = field.type === 'yesNo' ? (['yes', 'no'] as const) : (['yes', 'no', 'na'] as const);
  const colours = { yes: 'green', no: 'red', na: 'gray' } as const;
  const current = value?.answer ?? null;
  const set = (next: Partial<YesNoValue>) => {
    const merged: YesNoValue = { answer: current, ...(value?.text ? { text: value.text } : {}), ...next };
    if (!merged.text) delete merged.text;
    onChange(merged.answer === null && !merged.text ? null : merged);
  };
  return (
    <FieldShell field={field} error={error}>
      <Group gap="xs" role="group" aria-label={field.label}>
        {answers.map((a) => (
          <Chip
            key={a}
            checked={current === a}
            color={colours[a]}
            variant="outline"
            size="md"
            disabled={readOnly && current !== a}
            onChange={() => !readOnly && set({ answer: current === a ? null : a })}
          >
            {t(`formFields.answers.${a}`)}
          </Chip>
        ))}
      </Group>
      {field.withText && !(readOnly && !value?.text) && (
        <TextInput
          aria-label={`${field.label} ${field.textLabel || t('formFields.comment')}`}
          placeholder={field.textLabel || t('formFields.comment')}
          value={value?.text ?? ''}
          readOnly={readOnly}
          onChange={(e) => set({ text: e.currentTarget.value })}
        />
      )}
    </FieldShell>
  );
}

export function MultipleChoiceField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'multipleChoice'>, string[]>) {
  const chosen = value ?? [];
  if (field.allowMultiple) {
    return (
      <FieldShell field={field} error={error}>
        <Checkbox.Group
          aria-label={field.label}
          value={chosen}
          readOnly={readOnly}
          onChange={(v) => !readOnly && onChange(v.length ? v : null)}
        >
          <Stack gap={8}>
            {field.options.map((o) => (
              <Checkbox key={o.id} value={o.id} label={o.label} size="md" />
            ))}
          </Stack>
        </Checkbox.Group>
      </FieldShell>
    );
  }
  return (
    <FieldShell field={field} error={error}>
      <Radio.Group
        aria-label={field.label}
        value={chosen[0] ?? null}
        readOnly={readOnly}
        onChange={(v) => !readOnly && onChange(v ? [v] : null)}
      >
        <Stack gap={8}>
          {field.options.map((o) => (
            <Radio key={o.id} value={o.id} label={o.label} size="md" />
          ))}
        </Stack>
      </Radio.Group>
    </FieldShell>
  );
}

export function DropdownField({ field, value, onChange, error, readOnly }: FieldProps<FieldOf<'dropdown'>, string>) {
  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      <Select
        id={inputId(field.id)}
        data={field.options.map((o) => ({ value: o.id, label: o.label }))}
        value={value ?? null}
        readOnly={readOnly}
        clearable={!readOnly}
        searchable={field.options.length > 8}
        error={Boolean(error)}
        onChange={(v) => onChange(v)}
        comboboxProps={{ withinPortal: true }}
      />
    </FieldShell>
  );
}
