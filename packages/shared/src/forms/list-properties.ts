import type { Field } from '../fields/field.ts';
import { isListItemSnapshot, type ListItemSnapshot } from './field-values.ts';

type Values = Record<string, unknown>;

/**
 * A list-property field's value (issue 18.5): the property it names (by property id) of the item
 * its list field was filled with, read from that item's snapshot, so it stays what it was when the
 * form was filled. Several picked items give their values joined by '; '; a number property of one
 * item is a number (formulas and sorting read it as one). Nothing picked, or no value: no value.
 */
export function listPropertyValue(field: Extract<Field, { type: 'listProperty' }>, values: Values): unknown {
  if (!field.sourceFieldId || !field.property) return undefined;
  const picked = values[field.sourceFieldId];
  if (!Array.isArray(picked)) return undefined;
  const found = (picked as unknown[])
    .filter(isListItemSnapshot)
    .map((item: ListItemSnapshot) => item.properties.find((p) => p.id === field.property))
    .filter((p) => p !== undefined && p.value !== '');
  if (found.length === 0) return undefined;
  const [first] = found;
  if (found.length === 1 && first?.type === 'number' && Number.isFinite(Number(first.value)))
    return Number(first.value);
  return found.map((p) => p?.value).join('; ');
}

/** Every list-property field filled in from the picked items (computed values, like formulas). */
export function computeListProperties(fields: readonly Field[], input: Values): Values {
  const values: Values = { ...input };
  for (const field of fields) {
    if (field.type !== 'listProperty') continue;
    const value = listPropertyValue(field, values);
    if (value === undefined) delete values[field.id];
    else values[field.id] = value;
  }
  return values;
}
