import type { ChoiceOption } from '@formwork/shared/fields/field-base';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';
import { newId } from '../../model/new-field.ts';

/** The choices of a dropdown, multiple choice or list field: add, rename, remove. */
export function ChoiceOptionsEditor({
  options,
  onChange,
}: {
  options: readonly ChoiceOption[];
  onChange: (o: ChoiceOption[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('editor.field.options')}
      </Text>
      {options.map((option, i) => (
        <Group key={option.id} gap={4} wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('editor.field.optionLabel', { n: i + 1 })}
            value={option.label}
            error={option.label.trim() === '' ? t('editor.field.optionRequired') : undefined}
            onChange={(e) =>
              onChange(options.map((o) => (o.id === option.id ? { ...o, label: e.currentTarget.value } : o)))
            }
          />
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={options.length <= 1}
            aria-label={t('editor.field.removeOption', { n: i + 1 })}
            onClick={() => onChange(options.filter((o) => o.id !== option.id))}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        onClick={() =>
          onChange([...options, { id: newId('o'), label: t('editor.field.optionN', { n: options.length + 1 }) }])
        }
      >
        {t('editor.field.addOption')}
      </Button>
    </Stack>
  );
}
