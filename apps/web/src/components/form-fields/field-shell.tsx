import type { Field } from '@formwork/shared/fields/field';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A field's label (with the required mark), description and field-level error around its input. */
export function FieldShell({
  field,
  error,
  children,
  labelFor,
}: {
  field: Field;
  error?: string;
  children: ReactNode;
  /** The id of the input the label names, when there is a single one. */
  labelFor?: string;
}) {
  const errorId = error ? `${field.id}-error` : undefined;
  return (
    <Stack gap={6} data-field-id={field.id} data-field-type={field.type} data-invalid={error ? true : undefined}>
      {field.label && (
        <Text size="sm" fw={600} component={labelFor ? 'label' : 'div'} htmlFor={labelFor}>
          {field.label}
          {field.required && (
            <Text span c="red" aria-hidden>
              {' '}
              *
            </Text>
          )}
        </Text>
      )}
      {field.description && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {field.description}
        </Text>
      )}
      {children}
      {error && (
        <Text size="xs" c="red" id={errorId} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export type FieldProps<F extends Field, V> = {
  field: F;
  value: V | null | undefined;
  onChange: (value: V | null) => void;
  /** The first error of the field (its own message, e.g. 'This field is required'). */
  error?: string;
  /** Errors inside the value by dotted path after the field id (`rows.2.cells.qty`). */
  errors?: Record<string, string>;
  readOnly: boolean;
};
