import type { FieldInput } from '@formwork/shared/fields/field';

/**
 * Helpers every conversion rule shares: readable labels from machine names, unique ids, and the
 * field a labelled blank most likely is.
 */

/** What a conversion rule makes of a file: the fields in order, the text read, what was left out. */
export type Conversion = { fields: FieldInput[]; sourceText: string; notes: string[]; title?: string };

const labelLimit = 500;
const optionLimit = 200;

/** "employee_name", "EmployeeName", "form1[0].page1[0].employeeName[0]" -> "Employee name". */
export function humanLabel(name: string): string {
  const last = name.split('.').filter(Boolean).pop() ?? name;
  const words = last
    .replace(/\[\d+\]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return name.trim().slice(0, labelLimit);
  const sentence = words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
  return sentence.slice(0, labelLimit);
}

/** A trimmed single-line text, cut to a field's label size. */
export const cleanLabel = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, labelLimit);

/** Ids f1, f2... in the order the fields are made; option and column ids inside their field. */
export function idMaker(prefix = 'f') {
  let next = 0;
  return () => `${prefix}${++next}`;
}

/** Choice options, blank and repeated ones dropped, cut to the option label size. */
export function options(labels: readonly string[]) {
  const seen = new Set<string>();
  const out: { id: string; label: string }[] = [];
  for (const raw of labels) {
    const label = cleanLabel(raw).slice(0, optionLimit);
    const key = label.toLowerCase();
    if (!label || seen.has(key)) continue;
    seen.add(key);
    out.push({ id: `o${out.length + 1}`, label });
  }
  return out;
}

const datePattern = /\b(date|dob|d\.o\.b|expiry|expires|due)\b/i;
const timePattern = /\b(time|date\s*(and|&)\s*time)\b/i;
const signaturePattern = /\b(signature|signed|sign)\b/i;
const numberPattern = /\b(number of|qty|quantity|count|hours|amount|total|no\.|#)\s*$/i;

/** The field a labelled blank asks for: a date, a date and time, a signature, a number or text. */
export function blankField(id: string, label: string, multiline = false): FieldInput {
  if (timePattern.test(label) && datePattern.test(label)) return { id, type: 'dateTime', label };
  if (datePattern.test(label)) return { id, type: 'date', label };
  if (signaturePattern.test(label)) return { id, type: 'signature', label };
  if (numberPattern.test(label)) return { id, type: 'number', label };
  return { id, type: multiline ? 'multiLineText' : 'singleLineText', label };
}
