import type { Field, FieldType } from './fields/field.ts';

/**
 * Fields a person without an account cannot fill through a submission link (issue 21): those that
 * name the workspace's people or forms (spec: no person fields through a link), approval signatures
 * (signed by the workspace's people) and list items (a link reads no list). Photos, sketches and
 * signatures are uploaded through the link (link-uploads). A link may offer a template with such
 * fields only when none of them is required, else no submission could ever be made: the server
 * refuses the template when the link is made, saying which field it is.
 */
export const linkUnfillableFieldTypes: readonly FieldType[] = [
  'person',
  'singlePerson',
  'relationship',
  'approvalSignature',
  'list',
];

/** The required fields of a definition that a link cannot fill (empty: the template can be offered). */
export function requiredUnfillableFields(fields: readonly Field[]): Field[] {
  return fields.filter((f) => f.required && linkUnfillableFieldTypes.includes(f.type));
}

export const unfillableTemplateMessage = (field: string) =>
  `This template cannot be offered through a link: its required field "${field}" cannot be filled without an account`;
