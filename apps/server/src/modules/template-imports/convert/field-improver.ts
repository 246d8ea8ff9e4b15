import type { FieldInput } from '@formwork/shared/fields/field';
import type { TemplateImportLlmConfig } from '../../../config.ts';
import { type Conversion, cleanLabel } from './draft-fields.ts';

/**
 * The optional language model of template import (issue 22.1): it may give the rule-based draft's
 * fields better labels and, for blanks, better types. Its answer is advice: ids, order and choices
 * stay the rules'; anything it gets wrong, a failure or a timeout leaves the rule-based draft.
 */

/** A suggestion for one field of the draft. */
export type FieldSuggestion = { id: string; label?: string; type?: string };

/** Something that suggests better labels and types for a draft's fields. */
export interface FieldImprover {
  suggest(fields: readonly FieldInput[], sourceText: string): Promise<FieldSuggestion[]>;
}

/** Blanks the model may turn into one another; choices, tables and the rest keep their type. */
const blankTypes = new Set(['singleLineText', 'multiLineText', 'date', 'dateTime', 'number', 'signature']);

/** Drafts with more fields than this are not sent (the request would be large and slow). */
const maxFieldsSent = 300;
const sourceTextSent = 20_000;

function improved(field: FieldInput, suggestion: FieldSuggestion | undefined): FieldInput {
  if (!suggestion) return field;
  const label = typeof suggestion.label === 'string' ? cleanLabel(suggestion.label) : '';
  const next = label ? { ...field, label } : field;
  const type = suggestion.type;
  if (type && type !== field.type && blankTypes.has(field.type) && blankTypes.has(type))
    return { id: field.id, type, label: next.label } as FieldInput;
  return next;
}

/** The conversion with the improver's suggestions applied; without one, or when it fails, unchanged. */
export async function improveConversion(
  conversion: Conversion,
  improver: FieldImprover | undefined,
  log?: { warn: (obj: unknown, msg: string) => void },
): Promise<Conversion> {
  if (!improver || conversion.fields.length === 0 || conversion.fields.length > maxFieldsSent) return conversion;
  try {
    const suggestions = await improver.suggest(conversion.fields, conversion.sourceText.slice(0, sourceTextSent));
    const byId = new Map(suggestions.map((s) => [s.id, s]));
    return { ...conversion, fields: conversion.fields.map((field) => improved(field, byId.get(field.id))) };
  } catch (error) {
    log?.warn({ err: error }, 'template import: the language model gave no usable answer; the rules stand');
    return conversion;
  }
}

const instructions = `You improve a form template converted from a document by rules. You get its fields as JSON
(id, type, label) and the text read from the document. Answer only a JSON object
{"fields":[{"id":"...","label":"...","type":"..."}]} with one entry per field you would change:
a clear, short label a construction site worker understands, and for blank fields one of the types
singleLineText, multiLineText, date, dateTime, number, signature. Never invent ids.`;

function suggestionsOf(content: unknown): FieldSuggestion[] {
  if (typeof content !== 'string') throw new Error('no message content');
  const json = JSON.parse(content.replace(/^```(json)?\s*|\s*```$/g, '')) as { fields?: unknown };
  if (!Array.isArray(json.fields)) throw new Error('no fields in the answer');
  return json.fields.filter(
    (f): f is FieldSuggestion => typeof f === 'object' && f !== null && typeof (f as FieldSuggestion).id === 'string',
  );
}

/** An OpenAI-compatible chat completions endpoint (`{baseUrl}/chat/completions`). */
export function openAiCompatibleImprover(settings: TemplateImportLlmConfig): FieldImprover {
  return {
    async suggest(fields, sourceText) {
      const response = await fetch(`${settings.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: instructions },
            {
              role: 'user',
              content: JSON.stringify({
                fields: fields.map((f) => ({ id: f.id, type: f.type, label: f.label })),
                documentText: sourceText,
              }),
            },
          ],
        }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw new Error(`the language model answered ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
      return suggestionsOf(body.choices?.[0]?.message?.content);
    },
  };
}
