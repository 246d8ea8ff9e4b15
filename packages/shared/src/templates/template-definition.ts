import { z } from 'zod';
import { type Field, fieldSchema } from '../fields/field.ts';
import { itemIdSchema } from '../fields/field-base.ts';
import { defaultFooter, defaultHeader, headerFooterSchema } from '../fields/header-footer.ts';
import { logicBlockSchema } from '../fields/logic.ts';
import { defaultPdfFilenameSettings, pdfFilenameSettingsSchema } from '../fields/pdf-filename-settings.ts';
import { registerOrderSchema } from './register-order.ts';

/** Spec 3: fixed after creation (clone to change). */
export const templateTypes = ['timeline', 'workflow', 'register'] as const;
export const templateTypeSchema = z.enum(templateTypes);
export type TemplateType = z.infer<typeof templateTypeSchema>;
export const templateTypeLabels = { timeline: 'Timeline', workflow: 'Workflow', register: 'Register' } as const;

/** A column of a Workflow template; forms move left to right, each move needing an approval signature. */
export const workflowColumnSchema = z.object({ id: itemIdSchema, name: z.string().trim().min(1).max(100) });
export type WorkflowColumn = z.infer<typeof workflowColumnSchema>;

/**
 * Everything a template version holds (stored whole and immutable per version):
 * - `fields`: the ordered fields; approval signatures are fields of type approvalSignature;
 * - `logic`: conditional logic blocks over those fields (see fields/logic.ts);
 * - `header` / `footer`: the PDF header and footer items;
 * - `pdfFilename`: how exported PDFs are named;
 * - `workflow`: the columns of a Workflow template, null for the other types;
 * - `registerOrder`: the field (and direction) the register opens sorted by, null for the newest first.
 */
export const templateDefinitionSchema = z.object({
  fields: z.array(fieldSchema).max(2000),
  logic: z.array(logicBlockSchema).max(2000).default([]),
  /** A template created without a header or footer gets the default ones (an empty list stays empty). */
  header: headerFooterSchema.default(defaultHeader),
  footer: headerFooterSchema.default(defaultFooter),
  /** A template created without PDF file name settings follows its workspace's (issue 23.1). */
  pdfFilename: pdfFilenameSettingsSchema.default(() => ({ ...defaultPdfFilenameSettings, useWorkspaceSettings: true })),
  workflow: z
    .object({ columns: z.array(workflowColumnSchema).max(20) })
    .nullable()
    .default(null),
  registerOrder: registerOrderSchema.nullable().default(null),
});
export type TemplateDefinition = z.infer<typeof templateDefinitionSchema>;
export type TemplateDefinitionInput = z.input<typeof templateDefinitionSchema>;

/** Template name, Template ID and form name as the API takes them; the rules are in validate-template. */
/** Template name, Template ID and form name: at most this many characters (validateTemplate says so). */
export const templateTextLimit = 200;
/**
 * The shape only: a bound on what the API reads. The limit itself is a template rule
 * (validateTemplate: nameTooLong, ...), so the editor and the API refuse with the same message.
 */
export const templateTextSchema = z
  .string()
  .trim()
  .max(templateTextLimit * 5);

/** Default columns when a template becomes a Workflow by cloning. */
export function defaultWorkflow(): { columns: WorkflowColumn[]; approval: Field } {
  return {
    columns: [
      { id: 'open', name: 'Open' },
      { id: 'closed', name: 'Closed' },
    ],
    approval: {
      id: 'close-approval',
      type: 'approvalSignature',
      label: 'Close approval',
      required: true,
      columnId: 'closed',
      logic: null,
    },
  };
}

/**
 * The definition carried over when a template is cloned to another type: a Workflow gets default
 * columns and their approval signature; other types drop the columns and approval signatures that
 * pointed at them.
 */
export function definitionForType(definition: TemplateDefinition, type: TemplateType): TemplateDefinition {
  if (type === 'workflow') {
    if (definition.workflow && definition.workflow.columns.length > 0) return definition;
    const { columns, approval } = defaultWorkflow();
    const taken = new Set(definition.fields.map((f) => f.id));
    const id = taken.has(approval.id) ? `${approval.id}-${taken.size}` : approval.id;
    return { ...definition, workflow: { columns }, fields: [...definition.fields, { ...approval, id }] };
  }
  return {
    ...definition,
    workflow: null,
    fields: definition.fields.map((f) => (f.type === 'approvalSignature' ? { ...f, columnId: null } : f)),
  };
}
