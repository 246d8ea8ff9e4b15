import type { Field } from '@formwork/shared/fields/field';
import { checkFormula } from '@formwork/shared/formula/check';
import { formulaReferences, parseFormula } from '@formwork/shared/formula/parser';
import { defaultSampleText, previewFormula } from '@formwork/shared/formula/preview';
import {
  type FormulaHome,
  type FormulaRef,
  formulaFromLabels,
  formulaNameKey,
  formulaScope,
  formulaToLabels,
} from '@formwork/shared/formula/scope';
import { templateIssueMessages } from '@formwork/shared/templates/template-issues';
import { Button, Group, Paper, ScrollArea, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/translate.tsx';

const issueCodes = {
  syntax: 'formulaSyntax',
  unknownField: 'formulaUnknownField',
  notNumber: 'formulaNotNumber',
  list: 'formulaList',
  cycle: 'formulaCycle',
} as const;

/** The references of a stored expression, in order of use (for the sample boxes); none if it does not parse. */
function usedRefs(expression: string, scope: readonly FormulaRef[]): FormulaRef[] {
  let keys: string[] = [];
  try {
    keys = [...formulaReferences(parseFormula(expression))];
  } catch {
    keys = [];
  }
  const byKey = new Map(scope.map((r) => [r.key, r]));
  return keys.flatMap((k) => {
    const ref = byKey.get(k);
    return ref ? [ref] : [];
  });
}

/**
 * A formula as users write it: field names in braces, `{Quantity} * {Rate}` (stored as field ids,
 * so renaming a field keeps the formula; docs/decisions/0012). A list of the fields inserts a
 * reference at the cursor; the result on sample values and any problem show as one types, by the
 * same check the save runs.
 */
export function FormulaEditor({
  expression,
  fields,
  home,
  label,
  onChange,
}: {
  expression: string;
  fields: readonly Field[];
  home: FormulaHome;
  label: string;
  onChange: (expression: string) => void;
}) {
  const { t } = useTranslation();
  const { fieldId, columnId } = home;
  const scope = useMemo(() => formulaScope(fields, { fieldId, columnId }), [fields, fieldId, columnId]);
  const selfKey = columnId ?? fieldId;
  const [text, setText] = useState(() => formulaToLabels(expression, scope));
  const [filter, setFilter] = useState('');
  const [samples, setSamples] = useState<Record<string, string>>({});
  const input = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const pickerId = useId();

  // The stored formula changed under us (a field renamed, a reload): show it anew by label.
  useEffect(() => {
    if (formulaFromLabels(text, scope) !== expression) setText(formulaToLabels(expression, scope));
  }, [expression, scope, text]);

  useEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const edit = (next: string) => {
    setText(next);
    onChange(formulaFromLabels(next, scope));
  };

  const insert = (ref: FormulaRef) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const reference = `{${ref.name}}`;
    caret.current = start + reference.length;
    edit(text.slice(0, start) + reference + text.slice(end));
  };

  const problems = checkFormula(expression, scope, selfKey);
  const problem = problems[0];
  const error = problem
    ? `${templateIssueMessages[issueCodes[problem.code]]}: ${formulaToLabels(problem.detail, scope)}`
    : undefined;

  const pickable = scope.filter(
    (r) => r.key !== selfKey && (filter.trim() === '' || formulaNameKey(r.name).includes(formulaNameKey(filter))),
  );
  const used = usedRefs(expression, scope).filter((r) => r.expression === undefined);
  const result = expression.trim() === '' ? null : previewFormula(expression, scope, samples, selfKey);

  return (
    <Stack gap={6}>
      <Textarea
        ref={input}
        label={label}
        description={t('editor.formula.help')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        autosize
        minRows={1}
        value={text}
        error={error}
        aria-describedby={`${pickerId}-result`}
        onChange={(e) => edit(e.currentTarget.value)}
      />
      <Paper withBorder p="xs">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${pickerId}-fields`}>
            {t('editor.formula.fields')}
          </Text>
          <TextInput
            size="xs"
            aria-label={t('editor.formula.findField')}
            placeholder={t('editor.formula.findField')}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
          />
          {pickable.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('editor.formula.noFields')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={160}>
              <Group gap={4} role="group" aria-labelledby={`${pickerId}-fields`}>
                {pickable.slice(0, 100).map((ref) => (
                  <Button
                    key={ref.key}
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconPlus size={12} />}
                    aria-label={t('editor.formula.insert', { name: ref.name })}
                    onClick={() => insert(ref)}
                  >
                    {ref.name}
                  </Button>
                ))}
              </Group>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Paper>
      {expression.trim() !== '' && (
        <Paper withBorder p="xs">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('editor.formula.preview')}
            </Text>
            {used.length > 0 && (
              <Group gap={6} align="flex-end">
                {used.map((ref) => (
                  <TextInput
                    key={ref.key}
                    size="xs"
                    w={140}
                    label={ref.name}
                    aria-label={t('editor.formula.sample', { name: ref.name })}
                    value={samples[ref.key] ?? defaultSampleText(ref)}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setSamples((s) => ({ ...s, [ref.key]: value }));
                    }}
                  />
                ))}
              </Group>
            )}
            <Text size="sm" id={`${pickerId}-result`} role="status" data-formula-preview>
              {result === null
                ? ''
                : result.ok
                  ? t('editor.formula.result', { value: result.value === null ? '' : String(result.value) })
                  : t('editor.formula.resultError', { detail: formulaToLabels(result.detail, scope) })}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
