import type { FieldOf } from '@formwork/shared/fields/field';
import type { ListItemSnapshot } from '@formwork/shared/forms/field-values';
import {
  ActionIcon,
  Box,
  ColorSwatch,
  Combobox,
  Group,
  InputBase,
  Loader,
  Paper,
  Stack,
  Text,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/translate.tsx';
import { type ListItemsResult, useFormFieldEnv } from './field-context.tsx';
import { type FieldProps, FieldShell } from './field-shell.tsx';
import { inputId } from './text-fields.tsx';

/** How long typing pauses before the list is asked (a typeahead over 50,000 items asks the server). */
export const listSearchDebounceMs = 200;
const moreValue = '\u0000more';

const nothing: ListItemsResult = {
  items: [],
  total: 0,
  capped: false,
  loading: false,
  failed: false,
  hasMore: false,
  loadMore: () => {},
};

/** One picked item as the form keeps it: its label, colour and the properties it had. */
function PickedItem({
  item,
  readOnly,
  onRemove,
}: {
  item: ListItemSnapshot;
  readOnly?: boolean | undefined;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const properties = item.properties.filter((p) => p.value !== '');
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="list-item-picked">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            {item.colour && <ColorSwatch color={item.colour} size={14} />}
            <Text size="sm" fw={500}>
              {item.label}
            </Text>
          </Group>
          {properties.map((p) => (
            <Text key={p.id} size="xs" c="dimmed">
              {p.name}: {p.value}
            </Text>
          ))}
        </Stack>
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('formFields.listRemove', { label: item.label })}
            onClick={onRemove}
          >
            <IconX size={14} />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The typeahead over the items of one list (issue 18.5): the list a list field, or a list column of
 * a table field (`columnId`), names, as the form's project has it. The server searches, a page at a
 * time, as typing pauses; arrows and Enter pick. `exclude` are items already picked.
 */
export function ListItemSearch({
  fieldId,
  columnId,
  listId,
  label,
  id,
  size,
  error,
  disabled,
  exclude = [],
  onPick,
}: {
  fieldId: string;
  columnId?: string | undefined;
  listId: string | null | undefined;
  label: string;
  id?: string | undefined;
  size?: 'xs' | 'sm' | undefined;
  error?: boolean | undefined;
  /** Nothing can be picked now (a single item is picked, or the form is read-only). */
  disabled?: boolean | undefined;
  exclude?: readonly ListItemSnapshot[];
  onPick: (item: ListItemSnapshot) => void;
}) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), listSearchDebounceMs);
  const [open, setOpen] = useState(false);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpen(true),
    onDropdownClose: () => {
      setOpen(false);
      combobox.resetSelectedOption();
    },
  });
  const ref = { teamId: env.teamId, templateId: env.template?.templateId ?? '', version: env.template?.version ?? 0 };
  const usable = Boolean(listId && env.template && env.useListItems && !env.blocked);
  const field = columnId ? { ...ref, fieldId, columnId } : { ...ref, fieldId };
  const found = env.useListItems?.(field, search, usable && open) ?? nothing;
  const offered = found.items.filter((i) => !exclude.some((c) => c.itemId === i.itemId));

  const pick = (itemId: string) => {
    if (itemId === moreValue) {
      found.loadMore();
      return;
    }
    const item = found.items.find((i) => i.itemId === itemId);
    if (!item) return;
    onPick(item);
    setQuery('');
    combobox.closeDropdown();
  };

  const placeholder = !listId
    ? t('formFields.listNone')
    : !usable
      ? t('formRenderer.listItems')
      : t('formFields.listSearch');

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <InputBase
          id={id}
          aria-label={id ? undefined : label}
          size={size}
          value={query}
          disabled={disabled || !usable}
          placeholder={placeholder}
          error={error}
          rightSection={found.loading ? <Loader size={14} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label={label}>
          {offered.map((item) => (
            <Combobox.Option value={item.itemId} key={item.itemId}>
              <Group gap="xs" wrap="nowrap">
                {item.colour && <ColorSwatch color={item.colour} size={12} />}
                <Text size="sm">{item.label}</Text>
              </Group>
            </Combobox.Option>
          ))}
          {found.hasMore && (
            <Combobox.Option value={moreValue}>
              <Text size="sm" c="blue">
                {t('formFields.listMore')}
              </Text>
            </Combobox.Option>
          )}
          {!found.loading && offered.length === 0 && (
            <Combobox.Empty>{found.failed ? t('formFields.listFailed') : t('formFields.listNothing')}</Combobox.Empty>
          )}
        </Combobox.Options>
        {found.total > 0 && (
          <Combobox.Footer>
            <Box>
              <Text size="xs" c="dimmed">
                {found.capped
                  ? t('formFields.listMatchesCapped', { count: found.total })
                  : t('formFields.listMatches', { count: found.total })}
              </Text>
            </Box>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * A list field (issue 18.5): the typeahead over the items of the list its template names, and the
 * picked item(s) with their properties. The form keeps each item as it was picked.
 */
export function ListField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: FieldProps<FieldOf<'list'>, ListItemSnapshot[]>) {
  const chosen = value ?? [];
  const canPick = !readOnly && (field.allowMultiple || chosen.length === 0);

  return (
    <FieldShell field={field} error={error} labelFor={inputId(field.id)}>
      <Stack gap="xs">
        {chosen.map((item) => (
          <PickedItem
            key={item.itemId}
            item={item}
            readOnly={readOnly}
            onRemove={() => {
              const rest = chosen.filter((c) => c.itemId !== item.itemId);
              onChange(rest.length ? rest : null);
            }}
          />
        ))}
        {(canPick || (chosen.length === 0 && !readOnly)) && (
          <ListItemSearch
            fieldId={field.id}
            listId={field.listId}
            label={field.label}
            id={inputId(field.id)}
            error={Boolean(error)}
            disabled={!canPick}
            exclude={chosen}
            onPick={(item) => onChange(field.allowMultiple ? [...chosen, item] : [item])}
          />
        )}
      </Stack>
    </FieldShell>
  );
}
