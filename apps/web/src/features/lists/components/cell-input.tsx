import { type ListPropertyType, listValueError, normaliseListValue } from '@formwork/shared/schemas/lists';
import { TextInput, Tooltip } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';

const inputType: Record<ListPropertyType | 'label', string> = {
  label: 'text',
  text: 'text',
  number: 'text',
  date: 'date',
  expiry_date: 'date',
  colour: 'text',
};

/**
 * One inline-edited cell (issue 18.2): saves on Enter or when focus leaves with a changed value,
 * Esc puts the saved value back. A value that does not fit the property's type is not sent; the
 * shared rule's message shows at the cell.
 */
export function CellInput({
  value,
  type,
  label,
  disabled,
  required,
  onSave,
}: {
  value: string;
  type: ListPropertyType | 'label';
  label: string;
  disabled: boolean;
  required?: boolean;
  onSave: (value: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);

  const commit = async () => {
    const next = type === 'label' ? draft.trim() : normaliseListValue(type, draft);
    if (next === value) {
      setDraft(value);
      setError(null);
      return;
    }
    const problem = type === 'label' ? !next : listValueError(type, next) !== null || (required && !next);
    if (problem) {
      setError(t(`lists.invalid.${type}`));
      return;
    }
    setError(null);
    try {
      await onSave(next);
    } catch {
      setDraft(value);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
    if (event.key === 'Escape') {
      setDraft(value);
      setError(null);
    }
  };

  return (
    <Tooltip label={error} opened={Boolean(error)} color="red" withArrow>
      <TextInput
        size="xs"
        variant={error ? 'default' : 'unstyled'}
        aria-label={label}
        aria-invalid={Boolean(error)}
        type={inputType[type]}
        value={draft}
        disabled={disabled}
        readOnly={disabled}
        error={Boolean(error)}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
      />
    </Tooltip>
  );
}
