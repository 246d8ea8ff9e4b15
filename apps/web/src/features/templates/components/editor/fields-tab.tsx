import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type Field, type FieldType, fieldTypeLabels } from '@formwork/shared/fields/field';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplateFolder } from '../../api/templates.ts';
import { fieldGroups, newField } from '../../model/new-field.ts';
import { moveId } from '../../model/tab-edit.ts';
import { FieldConfig } from './field-config.tsx';
import { LogicEditor } from './logic-editor.tsx';

type Props = {
  /** The folder the template lives in. */
  folder: TemplateFolder;
  definition: TemplateDefinition;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onChange: (definition: TemplateDefinition) => void;
  /** Messages to show at a field (live validation and the server's). */
  fieldIssues: ReadonlyMap<string, readonly { message: string }[]>;
  logicIssues: (blockIndex: number) => string[];
};

/** The Fields tab: a palette of every field type, the ordered fields, their options and logic. */
export function FieldsTab({ folder, definition, selectedId, onSelect, onChange, fieldIssues, logicIssues }: Props) {
  const { t } = useTranslation();
  const fields = definition.fields;
  const blockOf = new Map<string, number>();
  definition.logic.forEach((block, i) => {
    for (const id of block.fieldIds) blockOf.set(id, i);
  });

  const setFields = (next: Field[]) => {
    // Logic and the PDF filename forget fields that are gone.
    const ids = new Set(next.map((f) => f.id));
    onChange({
      ...definition,
      fields: next,
      logic: definition.logic
        .filter((b) => ids.has(b.triggerFieldId))
        .map((b) => ({ ...b, fieldIds: b.fieldIds.filter((id) => ids.has(id)) })),
      pdfFilename: {
        ...definition.pdfFilename,
        parts: definition.pdfFilename.parts.filter((p) => p.kind !== 'field' || ids.has(p.fieldId)),
      },
    });
  };

  const add = (type: FieldType) => {
    const field = newField(type, t(`fieldTypes.${type}`, { defaultValue: fieldTypeLabels[type] }));
    const at = selectedId ? fields.findIndex((f) => f.id === selectedId) + 1 : fields.length;
    const next = [...fields];
    next.splice(at > 0 ? at : fields.length, 0, field);
    setFields(next);
    onSelect(field.id);
  };

  const move = (id: string, delta: number) => {
    const index = fields.findIndex((f) => f.id === id);
    const target = fields[index + delta];
    if (!target) return;
    reorder(id, target.id);
  };
  const reorder = (from: string, to: string) => {
    const order = moveId(
      fields.map((f) => f.id),
      from,
      to,
    );
    const byId = new Map(fields.map((f) => [f.id, f]));
    onChange({ ...definition, fields: order.map((id) => byId.get(id) as Field) });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) reorder(String(active.id), String(over.id));
  };

  const palette = (
    <Paper withBorder p="xs" w={{ base: '100%', md: 230 }} style={{ flexShrink: 0 }}>
      <Text fw={600} size="sm" mb={4}>
        {t('editor.palette')}
      </Text>
      <ScrollArea.Autosize mah={420}>
        <Stack gap={6} role="group" aria-label={t('editor.palette')}>
          {fieldGroups.map((group) => (
            <Stack key={group.key} gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t(`editor.groups.${group.key}`)}
              </Text>
              <SimpleGrid cols={{ base: 2, md: 1 }} spacing={2}>
                {group.types.map((type) => (
                  <Button
                    key={type}
                    size="compact-xs"
                    variant="subtle"
                    justify="flex-start"
                    leftSection={<IconPlus size={12} />}
                    onClick={() => add(type)}
                    aria-label={t('editor.addField', { type: t(`fieldTypes.${type}`) })}
                  >
                    {t(`fieldTypes.${type}`)}
                  </Button>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );

  const selected = fields.find((f) => f.id === selectedId) ?? null;

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="md" wrap="wrap">
        {palette}
        <Stack gap={6} style={{ flex: '1 1 360px', minWidth: 0 }}>
          {fields.length === 0 && <Alert color="gray">{t('editor.noFields')}</Alert>}
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
              <Stack gap={4} role="list" aria-label={t('editor.fieldList')}>
                {fields.map((field, index) => (
                  <FieldCard
                    key={field.id}
                    field={field}
                    index={index}
                    count={fields.length}
                    inBlock={blockOf.has(field.id)}
                    selected={field.id === selectedId}
                    issues={fieldIssues.get(field.id) ?? []}
                    onSelect={() => onSelect(field.id === selectedId ? null : field.id)}
                    onMove={(d) => move(field.id, d)}
                    onRemove={() => {
                      setFields(fields.filter((f) => f.id !== field.id));
                      if (selectedId === field.id) onSelect(null);
                    }}
                  >
                    {field.id === selectedId && selected && (
                      <FieldConfig
                        folder={folder}
                        field={selected}
                        fields={fields}
                        workflowColumns={definition.workflow?.columns ?? null}
                        onChange={(next) => setFields(fields.map((f) => (f.id === next.id ? next : f)))}
                      />
                    )}
                  </FieldCard>
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        </Stack>
      </Group>
      <LogicEditor definition={definition} onChange={onChange} issuesAt={logicIssues} />
    </Stack>
  );
}

function FieldCard({
  field,
  index,
  count,
  inBlock,
  selected,
  issues,
  onSelect,
  onMove,
  onRemove,
  children,
}: {
  field: Field;
  index: number;
  count: number;
  inBlock: boolean;
  selected: boolean;
  issues: readonly { message: string }[];
  onSelect: () => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: field.id });
  const label = field.label || t(`fieldTypes.${field.type}`);
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      p={6}
      ml={inBlock ? 'lg' : 0}
      role="listitem"
      aria-label={label}
      data-field-card={field.type}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        borderColor: issues.length
          ? 'var(--mantine-color-red-6)'
          : selected
            ? 'var(--mantine-color-blue-5)'
            : undefined,
        borderLeftWidth: inBlock ? 3 : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('editor.dragField', { name: label })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
        <UnstyledButton onClick={onSelect} style={{ flex: 1, minWidth: 0 }} aria-expanded={selected}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} truncate="end">
              {label}
            </Text>
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }} visibleFrom="sm">
              {t(`fieldTypes.${field.type}`)}
            </Badge>
            {field.required && (
              <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
                {t('editor.field.requiredBadge')}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={t('editor.moveUp', { name: label })}
        >
          <IconArrowUp size={14} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={t('editor.moveDown', { name: label })}
        >
          <IconArrowDown size={14} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          onClick={onRemove}
          aria-label={t('editor.removeField', { name: label })}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Group>
      {issues.length > 0 && (
        <Box pl={30} pt={2}>
          {issues.map((i) => (
            <Text key={i.message} size="xs" c="red" role="alert">
              {i.message}
            </Text>
          ))}
        </Box>
      )}
      {selected && (
        <Box pt="xs" px={4}>
          {children}
        </Box>
      )}
    </Paper>
  );
}
