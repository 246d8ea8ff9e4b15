import { type RegisterOrder, registerSortKind } from '@formwork/shared/templates/register-order';
import type { TemplateDefinition, TemplateType, WorkflowColumn } from '@formwork/shared/templates/template-definition';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';
import { newId } from '../../model/new-field.ts';

/**
 * Mobile Apps: what the definition supports for the app — the orientation of tables (horizontal
 * tables need app version 19.12 or later, spec 5.1). Nothing else is offered until it exists.
 */
export function MobileTab({
  definition,
  onChange,
}: {
  definition: TemplateDefinition;
  onChange: (d: TemplateDefinition) => void;
}) {
  const { t } = useTranslation();
  const tables = definition.fields.filter((f) => f.type === 'defaultTable' || f.type === 'prefilledTable');
  return (
    <Stack gap="md" maw={720}>
      <Stack gap={2}>
        <Text fw={600}>{t('editor.mobile.tablesTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('editor.mobile.tablesHelp')}
        </Text>
      </Stack>
      {tables.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('editor.mobile.noTables')}
        </Text>
      ) : (
        tables.map((field) => (
          <Paper key={field.id} withBorder p="xs">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" fw={500}>
                {field.label}
              </Text>
              <SegmentedControl
                size="xs"
                aria-label={t('editor.table.orientationOf', { name: field.label })}
                value={field.orientation}
                onChange={(v) =>
                  onChange({
                    ...definition,
                    fields: definition.fields.map((f) =>
                      f.id === field.id ? { ...field, orientation: v as 'vertical' | 'horizontal' } : f,
                    ),
                  })
                }
                data={[
                  { value: 'vertical', label: t('editor.table.vertical') },
                  { value: 'horizontal', label: t('editor.table.horizontal') },
                ]}
              />
            </Group>
          </Paper>
        ))
      )}
      <Alert color="gray" icon={<IconInfoCircle size={16} />} title={t('editor.mobile.moreTitle')}>
        {t('editor.mobile.more')}
      </Alert>
    </Stack>
  );
}

/**
 * View Settings: the register order (the field the register opens sorted by, kept indexed so it
 * stays fast with many forms) and the columns of a Workflow template (spec 4.1: forms move left to
 * right; each move needs an approval signature).
 */
export function ViewSettingsTab({
  type,
  definition,
  onChange,
  issues,
  orderIssues,
}: {
  type: TemplateType;
  definition: TemplateDefinition;
  onChange: (d: TemplateDefinition) => void;
  issues: readonly string[];
  orderIssues: readonly string[];
}) {
  return (
    <Stack gap="xl" maw={720}>
      <RegisterOrderSettings definition={definition} onChange={onChange} issues={orderIssues} />
      {type === 'workflow' && definition.workflow && (
        <WorkflowColumns
          definition={definition}
          columns={definition.workflow.columns}
          onChange={onChange}
          issues={issues}
        />
      )}
    </Stack>
  );
}

function RegisterOrderSettings({
  definition,
  onChange,
  issues,
}: {
  definition: TemplateDefinition;
  onChange: (d: TemplateDefinition) => void;
  issues: readonly string[];
}) {
  const { t } = useTranslation();
  const order = definition.registerOrder;
  const sortable = definition.fields.filter((f) => registerSortKind(f) !== null);
  const setOrder = (registerOrder: RegisterOrder | null) => onChange({ ...definition, registerOrder });
  return (
    <Stack gap="xs">
      <Stack gap={2}>
        <Text fw={600}>{t('editor.view.orderTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('editor.view.orderHelp')}
        </Text>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('editor.view.orderField')}
          w={280}
          data={[
            { value: '', label: t('editor.view.orderNewest') },
            ...sortable.map((f) => ({ value: f.id, label: f.label || f.id })),
          ]}
          value={order?.fieldId ?? ''}
          allowDeselect={false}
          error={issues.join(' ') || undefined}
          onChange={(fieldId) => setOrder(fieldId ? { fieldId, direction: order?.direction ?? 'asc' } : null)}
        />
        {order && (
          <SegmentedControl
            aria-label={t('editor.view.orderDirection')}
            value={order.direction}
            onChange={(direction) => setOrder({ ...order, direction: direction as RegisterOrder['direction'] })}
            data={[
              { value: 'asc', label: t('editor.view.ascending') },
              { value: 'desc', label: t('editor.view.descending') },
            ]}
          />
        )}
      </Group>
    </Stack>
  );
}

function WorkflowColumns({
  definition,
  columns,
  onChange,
  issues,
}: {
  definition: TemplateDefinition;
  columns: WorkflowColumn[];
  onChange: (d: TemplateDefinition) => void;
  issues: readonly string[];
}) {
  const { t } = useTranslation();
  const setColumns = (next: typeof columns) => onChange({ ...definition, workflow: { columns: next } });
  const approvals = definition.fields.filter((f) => f.type === 'approvalSignature');
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text fw={600}>{t('editor.view.columnsTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('editor.view.columnsHelp')}
        </Text>
      </Stack>
      {columns.map((column, i) => {
        const approval = approvals.find((f) => f.type === 'approvalSignature' && f.columnId === column.id);
        return (
          <Group key={column.id} gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" w={20}>
              {i + 1}
            </Text>
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={t('editor.view.columnName', { n: i + 1 })}
              value={column.name}
              maxLength={100}
              onChange={(e) => {
                const name = e.currentTarget.value;
                setColumns(columns.map((c) => (c.id === column.id ? { ...c, name } : c)));
              }}
            />
            <Text size="xs" c={i === 0 || approval ? 'dimmed' : 'red'} w={200}>
              {i === 0
                ? t('editor.view.firstColumn')
                : approval
                  ? t('editor.view.approvedBy', { name: approval.label })
                  : t('editor.view.needsApproval')}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={columns.length <= 2}
              aria-label={t('editor.view.removeColumn', { n: i + 1 })}
              onClick={() =>
                onChange({
                  ...definition,
                  workflow: { columns: columns.filter((c) => c.id !== column.id) },
                  fields: definition.fields.map((f) =>
                    f.type === 'approvalSignature' && f.columnId === column.id ? { ...f, columnId: null } : f,
                  ),
                })
              }
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        );
      })}
      <Button
        size="compact-xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        disabled={columns.length >= 20}
        onClick={() =>
          setColumns([...columns, { id: newId('w'), name: t('editor.view.columnN', { n: columns.length + 1 }) }])
        }
      >
        {t('editor.view.addColumn')}
      </Button>
      {issues.map((m) => (
        <Text key={m} size="xs" c="red" role="alert">
          {m}
        </Text>
      ))}
    </Stack>
  );
}
