import type { Field } from '@formwork/shared/fields/field';
import {
  type LogicBlock,
  type LogicCondition,
  logicOperators,
  logicTriggerTypes,
  valueOperators,
} from '@formwork/shared/fields/logic';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';
import { newId } from '../../model/new-field.ts';

type Props = {
  definition: TemplateDefinition;
  onChange: (definition: TemplateDefinition) => void;
  issuesAt: (blockIndex: number) => string[];
};

const isTrigger = (f: Field) => (logicTriggerTypes as readonly string[]).includes(f.type);

/** The answers a trigger can give, for a condition's value. */
function answersOf(field: Field | undefined, t: (k: string) => string): { value: string; label: string }[] | null {
  if (!field) return [];
  if (field.type === 'yesNo' || field.type === 'yesNoNa') {
    const answers = field.type === 'yesNo' ? ['yes', 'no'] : ['yes', 'no', 'na'];
    return answers.map((a) => ({ value: a, label: t(`formRenderer.answers.${a}`) }));
  }
  if (field.type === 'multipleChoice' || field.type === 'dropdown')
    return field.options.map((o) => ({ value: o.id, label: o.label }));
  return null;
}

/**
 * Logic blocks (spec 5.1, 5.2): a trigger field's answer shows or hides the block's fields. No
 * nesting, no page breaks or approval signatures inside; the plan limits come from validation.
 */
export function LogicEditor({ definition, onChange, issuesAt }: Props) {
  const { t } = useTranslation();
  const { fields, logic } = definition;
  const triggers = fields.filter(isTrigger);
  const setBlocks = (blocks: LogicBlock[]) => onChange({ ...definition, logic: blocks });
  const update = (id: string, patch: Partial<LogicBlock>) =>
    setBlocks(logic.map((b) => (b.id === id ? { ...b, ...patch } : b)));

  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {t('editor.logic.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('editor.logic.help')}
          </Text>
        </Stack>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} />}
          disabled={triggers.length === 0}
          onClick={() => {
            const trigger = triggers[0] as Field;
            const answers = answersOf(trigger, t);
            setBlocks([
              ...logic,
              {
                id: newId('l'),
                triggerFieldId: trigger.id,
                match: 'any',
                effect: 'show',
                conditions: [{ operator: answers ? 'equals' : 'isNotEmpty', value: answers?.[0]?.value ?? null }],
                fieldIds: [],
                actions: [],
              },
            ]);
          }}
        >
          {t('editor.logic.add')}
        </Button>
      </Group>
      {triggers.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('editor.logic.noTriggers')}
        </Text>
      )}
      <Stack gap="xs">
        {logic.map((block, i) => {
          const trigger = fields.find((f) => f.id === block.triggerFieldId);
          const triggerIndex = fields.findIndex((f) => f.id === block.triggerFieldId);
          const answers = answersOf(trigger, t);
          const candidates = fields
            .slice(triggerIndex + 1)
            .filter((f) => f.type !== 'pageBreak' && f.type !== 'approvalSignature');
          const problems = issuesAt(i);
          const setCondition = (j: number, c: LogicCondition) =>
            update(block.id, { conditions: block.conditions.map((x, k) => (k === j ? c : x)) });
          return (
            <Paper
              key={block.id}
              withBorder
              p="xs"
              bg="var(--mantine-color-gray-light)"
              aria-label={t('editor.logic.block', { n: i + 1 })}
              role="group"
            >
              <Stack gap={6}>
                <Group gap="xs" wrap="wrap" align="flex-end">
                  <Select
                    size="xs"
                    label={t('editor.logic.trigger')}
                    data={triggers.map((f) => ({ value: f.id, label: f.label || t(`fieldTypes.${f.type}`) }))}
                    value={block.triggerFieldId}
                    allowDeselect={false}
                    onChange={(v) => {
                      const next = fields.find((f) => f.id === v);
                      const a = answersOf(next, t);
                      update(block.id, {
                        triggerFieldId: v ?? block.triggerFieldId,
                        conditions: [{ operator: a ? 'equals' : 'isNotEmpty', value: a?.[0]?.value ?? null }],
                        fieldIds: [],
                      });
                    }}
                  />
                  <SegmentedControl
                    size="xs"
                    aria-label={t('editor.logic.effect')}
                    value={block.effect}
                    onChange={(v) => update(block.id, { effect: v as 'show' | 'hide' })}
                    data={[
                      { value: 'show', label: t('editor.logic.show') },
                      { value: 'hide', label: t('editor.logic.hide') },
                    ]}
                  />
                  <SegmentedControl
                    size="xs"
                    aria-label={t('editor.logic.match')}
                    value={block.match}
                    onChange={(v) => update(block.id, { match: v as 'any' | 'all' })}
                    data={[
                      { value: 'any', label: t('editor.logic.any') },
                      { value: 'all', label: t('editor.logic.all') },
                    ]}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('editor.logic.remove', { n: i + 1 })}
                    onClick={() => setBlocks(logic.filter((b) => b.id !== block.id))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
                {block.conditions.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: these have no ids; their position is who they are.
                  <Group key={`${block.id}-${j}`} gap="xs" wrap="wrap">
                    <Select
                      size="xs"
                      w={150}
                      aria-label={t('editor.logic.operator')}
                      data={logicOperators.map((o) => ({ value: o, label: t(`editor.logic.operators.${o}`) }))}
                      value={c.operator}
                      allowDeselect={false}
                      onChange={(v) =>
                        setCondition(j, { ...c, operator: (v ?? 'equals') as LogicCondition['operator'] })
                      }
                    />
                    {valueOperators.includes(c.operator) &&
                      (answers ? (
                        <Select
                          size="xs"
                          w={160}
                          aria-label={t('editor.logic.value')}
                          data={answers}
                          value={c.value === null ? null : String(c.value)}
                          onChange={(v) => setCondition(j, { ...c, value: v })}
                        />
                      ) : trigger?.type === 'number' ? (
                        <NumberInput
                          size="xs"
                          w={120}
                          aria-label={t('editor.logic.value')}
                          value={typeof c.value === 'number' ? c.value : ''}
                          onChange={(v) => setCondition(j, { ...c, value: typeof v === 'number' ? v : null })}
                        />
                      ) : (
                        <TextInput
                          size="xs"
                          w={160}
                          aria-label={t('editor.logic.value')}
                          value={c.value === null ? '' : String(c.value)}
                          onChange={(e) => setCondition(j, { ...c, value: e.currentTarget.value })}
                        />
                      ))}
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      disabled={block.conditions.length <= 1}
                      aria-label={t('editor.logic.removeRule')}
                      onClick={() => update(block.id, { conditions: block.conditions.filter((_, k) => k !== j) })}
                    >
                      <IconTrash size={12} />
                    </ActionIcon>
                  </Group>
                ))}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  w="fit-content"
                  leftSection={<IconPlus size={12} />}
                  onClick={() =>
                    update(block.id, { conditions: [...block.conditions, { operator: 'isNotEmpty', value: null }] })
                  }
                >
                  {t('editor.logic.addRule')}
                </Button>
                <MultiSelect
                  size="xs"
                  label={t('editor.logic.fields')}
                  data={candidates.map((f) => ({ value: f.id, label: f.label || t(`fieldTypes.${f.type}`) }))}
                  value={block.fieldIds.filter((id) => candidates.some((f) => f.id === id))}
                  onChange={(ids) => update(block.id, { fieldIds: ids })}
                  comboboxProps={{ withinPortal: true }}
                />
                {problems.map((p) => (
                  <Text key={p} size="xs" c="red" role="alert">
                    {p}
                  </Text>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
