import type { Field } from '@formwork/shared/fields/field';
import { hiddenFieldIds, type LogicValue } from '@formwork/shared/fields/logic';
import type { TableColumn } from '@formwork/shared/fields/table-fields';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Divider,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  IconCamera,
  IconFile,
  IconListCheck,
  IconMapPin,
  IconPhoto,
  IconSignature,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translate.tsx';
import { FormField } from '../form-fields/form-field.tsx';
import type { FormFill } from '../form-fields/form-fill.ts';

/** A table wider than the screen scrolls: with nothing to focus in it, its scroll area takes the focus (axe scrollable-region-focusable). */
const focusableScroller = { viewportProps: { tabIndex: 0 } };

export type FormAnswers = Record<string, LogicValue>;

/** A changed field: a bar down its left side (with the Changed badge at its top right). */
const changedStyle = {
  borderLeft: '3px solid var(--mantine-color-orange-5)',
  paddingLeft: 'var(--mantine-spacing-sm)',
} as const;

type Props = {
  definition: TemplateDefinition;
  /** The template's own facts shown by automatic fields. */
  meta?: { templateCode?: string; templateVersion?: number; formName?: string };
  /** Controlled answers (the form filler); the renderer keeps its own when absent (preview). */
  answers?: FormAnswers;
  onAnswer?: (fieldId: string, value: LogicValue) => void;
  /**
   * Preview (spec 5.1): uploading, photos, sketches, signatures and actions are blocked; the
   * simple inputs still answer so logic can be tried out.
   */
  mode: 'preview' | 'fill';
  /**
   * The form filler (mode="fill"): the values, live validation, formulas and logic of
   * useFormFill; each field is then the editable component of components/form-fields.
   */
  fill?: FormFill;
  /** Read-only fill (an archived form, an archived folder, no edit right). */
  readOnly?: boolean;
  /** Why a field cannot be filled here (workflow approval signatures are given by moving the form). */
  lockedReason?: (field: Field) => string | undefined;
  /** Content of actions cells (composed by the page). */
  actionsSlot?: (field: Field) => ReactNode;
  /** Fields marked as changed (a form version against the one before it). */
  changedFieldIds?: ReadonlySet<string>;
};

/**
 * Renders a template's fields as a form, hiding what logic hides. The template editor's Web
 * Preview uses it now; the form filler will use it with `mode="fill"` and controlled answers.
 */
export function FormRenderer({
  definition,
  meta,
  answers: controlled,
  onAnswer,
  mode,
  fill,
  readOnly = false,
  lockedReason,
  actionsSlot,
  changedFieldIds,
}: Props) {
  const { t } = useTranslation();
  const [own, setOwn] = useState<FormAnswers>({});
  const answers = controlled ?? own;
  const answer = (fieldId: string, value: LogicValue) => {
    if (onAnswer) onAnswer(fieldId, value);
    if (!controlled) setOwn((a) => ({ ...a, [fieldId]: value }));
  };
  const previewHidden = useMemo(() => hiddenFieldIds(definition.logic, answers), [definition.logic, answers]);
  const filling = mode === 'fill' && fill !== undefined;
  const hidden = filling ? fill.hidden : previewHidden;
  const blocked = mode === 'preview';
  let page = 1;

  return (
    <Stack gap="md" data-form-renderer>
      {definition.fields.map((field) => {
        if (hidden.has(field.id)) return null;
        if (field.type === 'pageBreak') {
          page++;
          return (
            <Divider key={field.id} label={t('formRenderer.page', { page })} labelPosition="center" variant="dashed" />
          );
        }
        if (filling) {
          const errors = fill.errors.get(field.id);
          const changed = changedFieldIds?.has(field.id) ?? false;
          return (
            <Box
              key={field.id}
              pos="relative"
              data-changed={changed || undefined}
              style={changed ? changedStyle : undefined}
            >
              {changed && (
                <Badge size="sm" color="orange" variant="light" pos="absolute" top={0} right={0}>
                  {t('formRenderer.changed')}
                </Badge>
              )}
              <FormField
                field={field}
                value={fill.values[field.id]}
                computed={fill.computed[field.id]}
                onChange={(v) => fill.setValue(field.id, v)}
                error={errors?.first}
                errors={errors?.inner}
                formulaError={fill.formulaErrors.get(field.id)}
                readOnly={readOnly}
                lockedReason={lockedReason?.(field)}
                actionsSlot={actionsSlot?.(field)}
              />
            </Box>
          );
        }
        return (
          <Box key={field.id} data-field-id={field.id}>
            <FieldView
              field={field}
              value={answers[field.id]}
              onChange={(v) => answer(field.id, v)}
              blocked={blocked}
              meta={meta}
            />
          </Box>
        );
      })}
      {definition.fields.length === 0 && <Alert color="gray">{t('formRenderer.noFields')}</Alert>}
    </Stack>
  );
}

function Labelled({ field, children }: { field: Field; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {field.label}
        {field.required && (
          <Text span c="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {field.description && (
        <Text size="xs" c="dimmed">
          {field.description}
        </Text>
      )}
      {children}
    </Stack>
  );
}

function Blocked({ icon, label }: { icon: ReactNode; label: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-gray-light)">
      <Group gap="xs" c="dimmed">
        {icon}
        <Text size="sm">{label}</Text>
        <Text size="xs">({t('formRenderer.notInPreview')})</Text>
      </Group>
    </Paper>
  );
}

function FieldView({
  field,
  value,
  onChange,
  blocked,
  meta,
}: {
  field: Field;
  value: LogicValue;
  onChange: (value: LogicValue) => void;
  blocked: boolean;
  meta: Props['meta'];
}) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const common = { 'aria-label': field.label, required: field.required };
  switch (field.type) {
    case 'singleLineText':
      return (
        <Labelled field={field}>
          <TextInput
            {...common}
            placeholder={field.placeholder}
            value={text}
            maxLength={field.maxLength}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        </Labelled>
      );
    case 'multiLineText':
      return (
        <Labelled field={field}>
          <Textarea
            {...common}
            autosize
            minRows={2}
            placeholder={field.placeholder}
            value={text}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        </Labelled>
      );
    case 'prefilledText':
      return (
        <Labelled field={field}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {field.text}
          </Text>
        </Labelled>
      );
    case 'number':
      return (
        <Labelled field={field}>
          <NumberInput
            {...common}
            min={field.min}
            max={field.max}
            rightSection={field.unit ? <Text size="xs">{field.unit}</Text> : undefined}
            value={typeof value === 'number' ? value : ''}
            onChange={(v) => onChange(typeof v === 'number' ? v : null)}
          />
        </Labelled>
      );
    case 'formula':
      return (
        <Labelled field={field}>
          <TextInput {...common} readOnly value="" placeholder={t('formRenderer.calculated')} />
        </Labelled>
      );
    case 'date':
    case 'expiryDate':
      return (
        <Labelled field={field}>
          <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
        </Labelled>
      );
    case 'dateTime':
      return (
        <Labelled field={field}>
          <TextInput {...common} type="datetime-local" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
        </Labelled>
      );
    case 'dateRange':
    case 'dateTimeRange': {
      const type = field.type === 'dateRange' ? 'date' : 'datetime-local';
      return (
        <Labelled field={field}>
          <Group grow>
            <TextInput type={type} aria-label={`${field.label} ${t('formRenderer.from')}`} />
            <TextInput type={type} aria-label={`${field.label} ${t('formRenderer.to')}`} />
          </Group>
        </Labelled>
      );
    }
    case 'yesNo':
    case 'yesNoNa': {
      const answers = field.type === 'yesNo' ? (['yes', 'no'] as const) : (['yes', 'no', 'na'] as const);
      return (
        <Labelled field={field}>
          <Radio.Group value={text} onChange={onChange} aria-label={field.label}>
            <Group gap="md">
              {answers.map((a) => (
                <Radio key={a} value={a} label={t(`formRenderer.answers.${a}`)} />
              ))}
            </Group>
          </Radio.Group>
          {field.withText && (
            <TextInput
              aria-label={field.textLabel || t('formRenderer.comment')}
              placeholder={field.textLabel || t('formRenderer.comment')}
            />
          )}
        </Labelled>
      );
    }
    case 'multipleChoice':
      return (
        <Labelled field={field}>
          {field.allowMultiple ? (
            <Checkbox.Group value={Array.isArray(value) ? [...value] : []} onChange={onChange}>
              <Stack gap={4}>
                {field.options.map((o) => (
                  <Checkbox key={o.id} value={o.id} label={o.label} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Radio.Group value={text} onChange={onChange}>
              <Stack gap={4}>
                {field.options.map((o) => (
                  <Radio key={o.id} value={o.id} label={o.label} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </Labelled>
      );
    case 'dropdown':
      return (
        <Labelled field={field}>
          <Select
            {...common}
            data={field.options.map((o) => ({ value: o.id, label: o.label }))}
            value={text || null}
            onChange={(v) => onChange(v)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </Labelled>
      );
    case 'list':
      return (
        <Labelled field={field}>
          {field.allowMultiple ? (
            <MultiSelect {...common} data={[]} placeholder={t('formRenderer.listItems')} disabled={blocked} />
          ) : (
            <Select {...common} data={[]} placeholder={t('formRenderer.listItems')} disabled={blocked} />
          )}
        </Labelled>
      );
    case 'listProperty':
      return (
        <Labelled field={field}>
          <TextInput {...common} readOnly placeholder={t('formRenderer.fromList')} />
        </Labelled>
      );
    case 'defaultTable':
    case 'prefilledTable':
    case 'signOnTable': {
      const columns: { id: string; heading: string; width?: TableColumn['width'] }[] =
        field.type === 'signOnTable'
          ? [
              { id: 'name', heading: t('formRenderer.signOn.name') },
              { id: 'company', heading: t('formRenderer.signOn.company') },
              ...field.columns,
              { id: 'signature', heading: t('formRenderer.signOn.signature') },
            ]
          : field.columns;
      const rows =
        field.type === 'prefilledTable' ? field.rows : [{ id: 'row-1', cells: {} as Record<string, string> }];
      const widths = { XS: 60, S: 100, M: 160, L: 220, XL: 300 } as const;
      return (
        <Labelled field={field}>
          {field.type === 'signOnTable' && field.statement && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {field.statement}
            </Text>
          )}
          <Table.ScrollContainer minWidth={Math.max(300, columns.length * 120)} scrollAreaProps={focusableScroller}>
            <Table withTableBorder withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.id} w={c.width ? widths[c.width] : undefined}>
                      {c.heading}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    {columns.map((c) => (
                      <Table.Td key={c.id}>
                        <Text size="sm">{row.cells[c.id] ?? ''}</Text>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {field.type !== 'prefilledTable' && (
            <Button size="compact-xs" variant="light" w="fit-content" disabled={blocked}>
              {t('formRenderer.addRow')}
            </Button>
          )}
        </Labelled>
      );
    }
    case 'signature':
    case 'manualSignature':
    case 'approvalSignature':
      return (
        <Labelled field={field}>
          <Blocked icon={<IconSignature size={16} />} label={t(`formRenderer.signature.${field.type}`)} />
        </Labelled>
      );
    case 'photos':
      return (
        <Labelled field={field}>
          <Blocked icon={<IconCamera size={16} />} label={t('formRenderer.photos', { size: field.size })} />
        </Labelled>
      );
    case 'sketch':
      return (
        <Labelled field={field}>
          <Blocked icon={<IconPhoto size={16} />} label={t('formRenderer.sketch')} />
        </Labelled>
      );
    case 'logo':
      return (
        <Labelled field={field}>
          <Blocked icon={<IconPhoto size={16} />} label={field.image?.fileName ?? t('formRenderer.workspaceLogo')} />
        </Labelled>
      );
    case 'person':
    case 'singlePerson':
      return (
        <Labelled field={field}>
          <Blocked
            icon={field.type === 'person' ? <IconUsers size={16} /> : <IconUser size={16} />}
            label={t(`formRenderer.${field.type}`)}
          />
        </Labelled>
      );
    case 'actions':
      return (
        <Labelled field={field}>
          <Blocked icon={<IconListCheck size={16} />} label={t('formRenderer.actions')} />
        </Labelled>
      );
    case 'relationship':
      return (
        <Labelled field={field}>
          <Blocked icon={<IconFile size={16} />} label={t('formRenderer.relationship')} />
        </Labelled>
      );
    case 'location':
      return (
        <Labelled field={field}>
          <Blocked icon={<IconMapPin size={16} />} label={t('formRenderer.location')} />
        </Labelled>
      );
    case 'filePath':
      return (
        <Labelled field={field}>
          <Text size="sm" c="dimmed">
            {t('formRenderer.filePath')}
          </Text>
        </Labelled>
      );
    case 'templateId':
      return (
        <Labelled field={field}>
          <Text size="sm">{meta?.templateCode ?? '—'}</Text>
        </Labelled>
      );
    case 'templateVersion':
      return (
        <Labelled field={field}>
          <Text size="sm">{meta?.templateVersion ?? '—'}</Text>
        </Labelled>
      );
    case 'pdfPageNumber':
      return (
        <Labelled field={field}>
          <Text size="sm" c="dimmed">
            {t('formRenderer.pdfPageNumber')}
          </Text>
        </Labelled>
      );
    case 'pageBreak':
      return null;
  }
}
