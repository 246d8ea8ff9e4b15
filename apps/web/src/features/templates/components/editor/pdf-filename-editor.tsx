import type { Field } from '@formwork/shared/fields/field';
import {
  type PdfFilenamePart,
  type PdfFilenameSettings,
  pdfFilenameCases,
  pdfFilenameDateDisplays,
  pdfFilenameMetadata,
  pdfFilenameSeparators,
} from '@formwork/shared/fields/pdf-filename-settings';
import type { PlanLimits } from '@formwork/shared/limits';
import { planLimitMessages } from '@formwork/shared/limits';
import { buildPdfFilename } from '@formwork/shared/pdf-filename';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';

type Props = {
  settings: PdfFilenameSettings;
  fields: readonly Field[];
  limits: Pick<PlanLimits, 'pdfFilenameCustomFields'>;
  /** Names used for the live example. */
  example: { templateName: string; templateCode: string; formName: string; workspaceName?: string };
  onChange: (settings: PdfFilenameSettings) => void;
  issues?: readonly string[];
  /** Form fields may name the PDF (a template's own settings); the workspace's settings have none. */
  allowFields?: boolean;
  /** A template may follow its workspace's Documents & Formatting settings instead (issue 23.1). */
  followable?: boolean;
};

/** Field types whose answer can name a PDF (text-like answers). */
const nameableTypes: readonly Field['type'][] = [
  'singleLineText',
  'number',
  'date',
  'dateTime',
  'expiryDate',
  'dropdown',
  'multipleChoice',
  'yesNo',
  'yesNoNa',
  'singlePerson',
  'formula',
];

function sampleValue(field: Field): string | number | Date {
  switch (field.type) {
    case 'number':
    case 'formula':
      return 42;
    case 'date':
    case 'dateTime':
    case 'expiryDate':
      return new Date('2026-03-14T09:30:00Z');
    case 'dropdown':
    case 'multipleChoice':
      return field.options[0]?.label ?? 'Option';
    case 'yesNo':
    case 'yesNoNa':
      return 'Yes';
    default:
      return field.label || 'Answer';
  }
}

/**
 * The PDF filename editor (spec 3, 9): ordered parts of standard metadata, static text and form
 * fields; separator, letter case and date display; a live example built by buildPdfFilename().
 * More form fields than the plan allows may be added, with the plan's message (spec 5.2).
 */
export function PdfFilenameEditor({
  settings,
  fields,
  limits,
  example,
  onChange,
  issues = [],
  allowFields = true,
  followable = false,
}: Props) {
  const { t } = useTranslation();
  const follows = followable && settings.useWorkspaceSettings === true;
  // Choosing any of the template's own settings stops it following the workspace's.
  const change = (next: PdfFilenameSettings) => onChange(followable ? { ...next, useWorkspaceSettings: false } : next);
  const parts = settings.parts;
  const setParts = (next: PdfFilenamePart[]) => change({ ...settings, parts: next });
  const customCount = parts.filter((p) => p.kind === 'field').length;
  const overLimit = customCount > limits.pdfFilenameCustomFields;
  const nameable = fields.filter((f) => nameableTypes.includes(f.type));

  const move = (i: number, delta: number) => {
    const next = [...parts];
    const [part] = next.splice(i, 1);
    next.splice(i + delta, 0, part as PdfFilenamePart);
    setParts(next);
  };

  const now = new Date('2026-03-14T22:30:00Z');
  const filename = buildPdfFilename(settings, {
    metadata: {
      templateName: example.templateName,
      templateId: example.templateCode,
      formName: example.formName,
      formNumber: 17,
      formVersion: 2,
      createdDate: now,
      exportedDate: now,
      workspaceName: example.workspaceName ?? 'Acme',
      projectName: 'Harbour Bridge',
      teamName: 'Civil Works',
    },
    fieldValues: Object.fromEntries(fields.map((f) => [f.id, sampleValue(f)])),
    entryTimeZone: 'Australia/Sydney',
    exporterTimeZone: 'Europe/London',
  });

  const partLabel = (part: PdfFilenamePart) => {
    if (part.kind === 'metadata') return t(`pdfFilename.metadata.${part.key}`);
    if (part.kind === 'field') {
      const field = fields.find((f) => f.id === part.fieldId);
      return field ? field.label || t(`fieldTypes.${field.type}`) : t('pdfFilename.missingField');
    }
    return t('pdfFilename.static');
  };

  return (
    <Stack gap="md" maw={720}>
      <Stack gap={2}>
        <Text fw={600}>{t('pdfFilename.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('pdfFilename.help')}
        </Text>
      </Stack>
      {followable && (
        <Switch
          label={t('pdfFilename.followWorkspace')}
          description={t('pdfFilename.followWorkspaceHelp')}
          checked={follows}
          onChange={(e) => onChange({ ...settings, useWorkspaceSettings: e.currentTarget.checked })}
        />
      )}
      <Paper withBorder p="sm" aria-live="polite">
        <Text size="xs" c="dimmed">
          {t('pdfFilename.example')}
        </Text>
        <Code data-testid="pdf-filename-example" fz="sm">
          {filename}
        </Code>
      </Paper>
      <Stack gap={4} role="list" aria-label={t('pdfFilename.parts')}>
        {parts.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('pdfFilename.noParts')}
          </Text>
        )}
        {parts.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: these have no ids; their position is who they are.
          <Paper key={`${part.kind}-${i}`} withBorder p={6} role="listitem" aria-label={partLabel(part)}>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed" w={90} style={{ flexShrink: 0 }}>
                {t(`pdfFilename.kinds.${part.kind}`)}
              </Text>
              {part.kind === 'static' ? (
                <TextInput
                  size="xs"
                  style={{ flex: 1 }}
                  maxLength={100}
                  aria-label={t('pdfFilename.staticText')}
                  value={part.text}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setParts(parts.map((p, k) => (k === i ? { kind: 'static', text } : p)));
                  }}
                />
              ) : (
                <Text size="sm" style={{ flex: 1 }} truncate="end">
                  {partLabel(part)}
                </Text>
              )}
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={t('pdfFilename.moveUp', { name: partLabel(part) })}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                disabled={i === parts.length - 1}
                onClick={() => move(i, 1)}
                aria-label={t('pdfFilename.moveDown', { name: partLabel(part) })}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                onClick={() => setParts(parts.filter((_, k) => k !== i))}
                aria-label={t('pdfFilename.remove', { name: partLabel(part) })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Stack>
      {overLimit && (
        <Alert color="red" role="alert">
          {t('pdfFilename.customFieldLimit', { defaultValue: planLimitMessages.pdfFilenameCustomFields })}
        </Alert>
      )}
      {issues
        .filter((m) => m !== planLimitMessages.pdfFilenameCustomFields)
        .map((m) => (
          <Text key={m} size="xs" c="red" role="alert">
            {m}
          </Text>
        ))}
      <Group gap="xs">
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />}>
              {t('pdfFilename.addMetadata')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {pdfFilenameMetadata.map((key) => (
              <Menu.Item key={key} onClick={() => setParts([...parts, { kind: 'metadata', key }])}>
                {t(`pdfFilename.metadata.${key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setParts([...parts, { kind: 'static', text: '' }])}
        >
          {t('pdfFilename.addStatic')}
        </Button>
        {allowFields && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={nameable.length === 0}>
                {t('pdfFilename.addField')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {nameable.map((field) => (
                <Menu.Item key={field.id} onClick={() => setParts([...parts, { kind: 'field', fieldId: field.id }])}>
                  {field.label || t(`fieldTypes.${field.type}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('pdfFilename.separator')}
        </Text>
        <SegmentedControl
          aria-label={t('pdfFilename.separator')}
          value={settings.separator}
          onChange={(v) => change({ ...settings, separator: v as PdfFilenameSettings['separator'] })}
          data={pdfFilenameSeparators.map((s) => ({ value: s, label: t(`pdfFilename.separators.${s}`) }))}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('pdfFilename.letterCase')}
        </Text>
        <SegmentedControl
          aria-label={t('pdfFilename.letterCase')}
          value={settings.letterCase}
          onChange={(v) => change({ ...settings, letterCase: v as PdfFilenameSettings['letterCase'] })}
          data={pdfFilenameCases.map((c) => ({ value: c, label: t(`pdfFilename.cases.${c}`) }))}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('pdfFilename.dateDisplay')}
        </Text>
        <SegmentedControl
          aria-label={t('pdfFilename.dateDisplay')}
          value={settings.dateDisplay}
          onChange={(v) => change({ ...settings, dateDisplay: v as PdfFilenameSettings['dateDisplay'] })}
          data={pdfFilenameDateDisplays.map((d) => ({ value: d, label: t(`pdfFilename.dates.${d}`) }))}
        />
      </Stack>
    </Stack>
  );
}
