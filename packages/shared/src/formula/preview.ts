import { evaluateFormula, type FormulaResult, type FormulaValue, type Scalar } from './evaluator.ts';
import type { FormulaRef } from './scope.ts';

/**
 * The template editor's preview: a formula's result on sample values, before any form exists.
 * Samples are typed as text (one box per referenced field); lists as comma-separated values.
 */

/** A sensible sample for a field: 1 for numbers, 1, 2, 3 for a number column, the first option of a choice. */
export function defaultSampleText(ref: FormulaRef): string {
  switch (ref.kind) {
    case 'number':
      return '1';
    case 'numberList':
      return '1, 2, 3';
    case 'textList':
    case 'anyList':
      return ref.options?.[0] ?? '';
    default:
      if (ref.fieldType === 'yesNo' || ref.fieldType === 'yesNoNa' || ref.cellType === 'yesNo') return 'yes';
      return ref.options?.[0] ?? '';
  }
}

function scalarOf(text: string): Scalar {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isNaN(n) ? trimmed : n;
}

/** A sample as the formula sees it: numbers where the text is one, lists split at commas. */
export function sampleValue(ref: FormulaRef, text: string): FormulaValue {
  if (ref.kind.endsWith('List')) {
    return text.trim() === '' ? [] : text.split(',').map(scalarOf);
  }
  if (ref.kind === 'text') return text === '' ? null : text;
  return scalarOf(text);
}

/**
 * The result of `expression` over its scope with the given samples (by key; missing ones take the
 * default). A formula it uses is computed from its own expression on the same samples, as forms do.
 */
export function previewFormula(
  expression: string,
  scope: readonly FormulaRef[],
  samples: Readonly<Record<string, string>>,
  selfKey: string,
): FormulaResult {
  const byKey = new Map(scope.map((r) => [r.key, r]));
  const visiting = new Set<string>([selfKey]);
  const resolve = (key: string): FormulaValue | undefined => {
    const ref = byKey.get(key);
    if (!ref) return undefined;
    if (ref.expression !== undefined && samples[key] === undefined) {
      if (visiting.has(key)) return undefined;
      visiting.add(key);
      const inner = evaluateFormula(ref.expression, resolve);
      visiting.delete(key);
      return inner.ok ? inner.value : null;
    }
    return sampleValue(ref, samples[key] ?? defaultSampleText(ref));
  };
  return evaluateFormula(expression, resolve);
}
