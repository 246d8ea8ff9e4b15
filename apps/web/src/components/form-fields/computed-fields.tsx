import type { Field, FieldOf } from '@formwork/shared/fields/field';
import { Group, Paper, Text } from '@mantine/core';
import { IconMath, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translate.tsx';
import { useFormFieldEnv } from './field-context.tsx';
import { FieldShell } from './field-shell.tsx';
import { FileImage } from './file-image.tsx';

function formatNumber(value: number, decimals: number) {
  return value.toLocaleString(undefined, { minimumFractionDigits: 0, maximumFractionDigits: decimals });
}

/** A formula's live value (computed in the browser by the shared engine), read-only. */
export function FormulaField({
  field,
  computed,
  formulaError,
}: {
  field: FieldOf<'formula'>;
  computed: unknown;
  formulaError?: string;
}) {
  const text =
    computed === null || computed === undefined
      ? ''
      : typeof computed === 'number'
        ? formatNumber(computed, field.decimals)
        : String(computed);
  return (
    <FieldShell field={field} error={formulaError}>
      <Paper withBorder px="sm" py={6} radius="md" bg="var(--mantine-color-gray-0)" aria-live="polite">
        <Group gap="xs" wrap="nowrap">
          <IconMath size={16} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text size="sm" fw={500} data-formula-value={field.id} aria-label={field.label}>
            {text || '—'}
          </Text>
        </Group>
      </Paper>
    </FieldShell>
  );
}

/** Cells the form shows but nobody types into: metadata, logo, file path, list properties. */
export function MetadataField({ field, computed }: { field: Field; computed?: unknown }) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  let content: React.ReactNode;
  switch (field.type) {
    case 'templateId':
      content = env.meta.templateCode ?? '—';
      break;
    case 'templateVersion':
      content = env.meta.templateVersion ?? '—';
      break;
    case 'filePath':
      content = env.meta.filePath ?? '—';
      break;
    case 'pdfPageNumber':
      content = t('formFields.pdfPageNumber');
      break;
    case 'listProperty':
      content = computed === null || computed === undefined ? '—' : String(computed);
      break;
    case 'logo':
      return (
        <FieldShell field={field}>
          {field.image?.fileId ? (
            <FileImage
              fileId={field.image.fileId}
              alt={field.label || t('formFields.logo')}
              h={48}
              w="auto"
              fit="contain"
            />
          ) : (
            <Group gap="xs" c="dimmed">
              <IconPhoto size={16} />
              <Text size="sm">{t('formFields.workspaceLogo')}</Text>
            </Group>
          )}
        </FieldShell>
      );
    default:
      content = null;
  }
  return (
    <FieldShell field={field}>
      <Text size="sm" c="dimmed">
        {content}
      </Text>
    </FieldShell>
  );
}
