import { type FormValidation, validateFormValues } from '@formwork/shared/forms/validate-form-values';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { useCallback, useMemo, useRef, useState } from 'react';
import { todayIso } from './date-fields.tsx';
import { newRowId } from './table-fields.tsx';

export type FormValues = Record<string, unknown>;

/** A new form's starting values: defaults the template asks for (today, now, default text, prefilled rows). */
export function initialValues(definition: TemplateDefinition, now = new Date()): FormValues {
  const values: FormValues = {};
  for (const field of definition.fields) {
    if (field.type === 'date' && field.defaultToToday) values[field.id] = todayIso(now);
    if (field.type === 'dateTime' && field.defaultToNow)
      values[field.id] = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    if (field.type === 'singleLineText' && field.defaultValue) values[field.id] = field.defaultValue;
    if (field.type === 'defaultTable') values[field.id] = { rows: [{ id: newRowId(), cells: {} }] };
  }
  return values;
}

export type FieldErrors = { first?: string; inner: Record<string, string> };

/** Errors by field: the first message, and messages inside the value by path after the field id. */
export function errorsByField(validation: Pick<FormValidation, 'errors'>): Map<string, FieldErrors> {
  const byField = new Map<string, FieldErrors>();
  for (const error of validation.errors) {
    const entry = byField.get(error.fieldId) ?? { inner: {} };
    if (entry.first === undefined) entry.first = error.message;
    const inner = error.path.startsWith(`${error.fieldId}.`) ? error.path.slice(error.fieldId.length + 1) : '';
    if (inner && entry.inner[inner] === undefined) entry.inner[inner] = error.message;
    byField.set(error.fieldId, entry);
  }
  return byField;
}

/**
 * The state of a form being filled: what was entered, the live validation of the template
 * version (the same validateFormValues the server runs), which errors to show (fields the user
 * touched, every field after a save attempt), formulas and logic.
 */
export function useFormFill(definition: TemplateDefinition, start: FormValues, requireComplete: boolean) {
  const [values, setValues] = useState<FormValues>(start);
  // The values as last set, ahead of the next render: Save reads them after waiting for uploads.
  const latest = useRef<FormValues>(start);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [dirty, setDirty] = useState(false);

  const validation = useMemo(
    () => validateFormValues(definition, values, { requireComplete }),
    [definition, values, requireComplete],
  );
  const errors = useMemo(() => errorsByField(validation), [validation]);
  const hidden = useMemo(() => new Set(validation.hiddenFieldIds), [validation]);
  const formulaErrors = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of validation.formulaErrors) if (!map.has(p.fieldId)) map.set(p.fieldId, p.message);
    return map;
  }, [validation]);

  const setValue = useCallback((fieldId: string, value: unknown) => {
    const next = { ...latest.current };
    if (value === null || value === undefined) delete next[fieldId];
    else next[fieldId] = value;
    latest.current = next;
    setValues(next);
    setTouched((current) => (current.has(fieldId) ? current : new Set(current).add(fieldId)));
    setDirty(true);
  }, []);

  const reset = useCallback((next: FormValues) => {
    latest.current = next;
    setValues(next);
    setTouched(new Set());
    setAttempted(false);
    setDirty(false);
  }, []);

  const shownErrors = useMemo(() => {
    const shown = new Map<string, FieldErrors>();
    for (const [fieldId, e] of errors) if (attempted || touched.has(fieldId)) shown.set(fieldId, e);
    return shown;
  }, [errors, attempted, touched]);

  return {
    values,
    computed: validation.values,
    validation,
    hidden,
    errors: shownErrors,
    formulaErrors,
    dirty,
    setValue,
    reset,
    /** The validation of the values as last set (after awaited uploads, before the next render). */
    validateLatest: () => validateFormValues(definition, latest.current, { requireComplete }),
    /** Marks a save attempt: every error shows from now on. */
    attempt: () => setAttempted(true),
    markSaved: () => setDirty(false),
  };
}

export type FormFill = ReturnType<typeof useFormFill>;
