import { folderNameMaxLength, folderNameMessage, folderNameProblem } from '@formwork/shared/folder-name';
import { Loader, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { Tooltip } from '../../../components/ui/on-demand-floating.tsx';
import { useTranslation } from '../../../lib/translate.tsx';

/** Focus moves made while the input appears (a closing menu) are not a click outside. */
const settleMs = 300;

type Props = {
  /** The current name when renaming; empty when creating. */
  initialValue?: string;
  label: string;
  placeholder?: string;
  loading: boolean;
  /** Resolves when the name was saved (the input then goes away) or failed on the server. */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * Inline create and rename (spec 4.2, 5.4): Enter submits, Esc cancels, clicking outside submits
 * when not empty and cancels otherwise. Names are trimmed and need a letter or digit; a second
 * failed submit resets the input; the same name does nothing; submits are ignored while loading.
 */
export function InlineNameInput({ initialValue = '', label, placeholder, loading, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  /** The rule the name broke: none, the alphanumeric rule or the length limit (spec 5.4). */
  const [invalid, setInvalid] = useState<false | 'rule' | 'tooLong'>(false);
  const failures = useRef(0);
  const busy = useRef(false);
  const finished = useRef(false);
  const mountedAt = useRef(Date.now());
  const input = useRef<HTMLInputElement>(null);

  const cancel = () => {
    if (finished.current) return;
    finished.current = true;
    onCancel();
  };

  const submit = async (source: 'enter' | 'outside') => {
    if (loading || busy.current || finished.current) return;
    const name = value.trim();
    if (source === 'outside' && name === '') return cancel();
    if (initialValue !== '' && name === initialValue.trim()) return cancel();
    const problem = folderNameProblem(name);
    if (problem) {
      failures.current += 1;
      if (failures.current >= 2) {
        failures.current = 0;
        setInvalid(false);
        setValue(initialValue);
        if (source === 'outside') cancel();
        return;
      }
      setInvalid(problem);
      return;
    }
    busy.current = true;
    try {
      await onSubmit(name);
      finished.current = true;
    } catch {
      // The server said no (its message is shown); keep the input so the name can be fixed.
    } finally {
      busy.current = false;
    }
  };

  return (
    <Tooltip
      label={
        invalid === 'tooLong'
          ? t('folders.nameTooLong', { max: folderNameMaxLength })
          : t('folders.nameRule', { defaultValue: folderNameMessage })
      }
      opened={invalid !== false}
      withArrow
      position="bottom-start"
      multiline
      w={220}
    >
      <TextInput
        size="xs"
        ref={input}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        error={invalid !== false}
        aria-invalid={invalid !== false}
        autoFocus
        rightSection={loading ? <Loader size={12} /> : null}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit('enter');
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            cancel();
          }
        }}
        onBlur={() => {
          // A menu that just closed may pull focus back to itself: that is not a click outside.
          if (Date.now() - mountedAt.current < settleMs) {
            setTimeout(() => input.current?.focus(), 0);
            return;
          }
          void submit('outside');
        }}
        onClick={(event) => event.stopPropagation()}
        style={{ flex: 1 }}
      />
    </Tooltip>
  );
}
