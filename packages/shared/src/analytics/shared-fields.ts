/**
 * The fields several templates share (issue 20: a chart over the forms of more than one template).
 * Two templates share a field when each has one of the same type under the same name (letter case
 * and surrounding spaces aside); a chart names it by the first template's field id, and each other
 * template's field is found again by name and type.
 */

type NamedField = { id: string; label: string; type: string };

const nameKey = (label: string) => label.trim().toLowerCase();

/** The field of `fields` that is the same as `field` (same name and type), if any. */
export function matchingField<F extends NamedField>(fields: readonly F[], field: NamedField): F | undefined {
  const name = nameKey(field.label);
  return fields.find((f) => f.type === field.type && nameKey(f.label) === name);
}

/** The first template's fields that every other template also has. */
export function sharedFields<F extends NamedField>(templates: readonly (readonly F[])[]): F[] {
  const [first, ...others] = templates;
  if (!first) return [];
  return first.filter((field) => others.every((fields) => matchingField(fields, field) !== undefined));
}
