import { z } from 'zod';
import { formValuesSchema } from './forms.ts';
import { webhookUrlSchema } from './webhooks.ts';

/**
 * Form macros (issue 24.3, spec 7 and 8.2): a template names macros, each a receiver URL; a run
 * POSTs the saved form to it, signed like a webhook delivery (the same headers, `v1=` HMAC-SHA256
 * of `{timestamp}.{body}` with the macro's secret, event type `form.macro`), and the receiver may
 * answer `{ "values": { fieldId: value } }` to write those fields back into the form.
 */

const id = z.string().uuid();

/** The event type header of a macro run. */
export const macroRunEventType = 'form.macro';

/** The most macros one template may name. */
export const macroMaxPerTemplate = 10;

/** How long a receiver has to answer a run. */
export const macroTimeoutSeconds = 5;

/** The most characters of a receiver's answer read (a longer answer is a failed run). */
export const macroAnswerMaxChars = 65_536;

export const macroBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(60, 'Use at most 60 characters'),
    url: webhookUrlSchema,
  })
  .strict();
export type MacroBody = z.output<typeof macroBodySchema>;

/** A macro as the template's editors see it (with the secret its receiver checks signatures with). */
export const macroSchema = z.object({
  id,
  templateId: id,
  name: z.string(),
  url: z.string(),
  secret: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Macro = z.infer<typeof macroSchema>;
export const macrosSchema = z.object({ macros: z.array(macroSchema) });

export const macroParamsSchema = z.object({ templateId: id, macroId: id });

/** The macros a form offers (names only: its editors run them). */
export const formMacrosSchema = z.object({ macros: z.array(z.object({ id, name: z.string() })) });

export const formMacroParamsSchema = z.object({ teamId: id, formId: id, macroId: id });

/** A run is of the saved form: the version the page shows, which must still be the form's. */
export const macroRunBodySchema = z.object({ baseVersion: z.number().int().min(1) }).strict();

/** The body a macro's receiver gets. */
export const macroRunPayloadSchema = z.object({
  type: z.literal(macroRunEventType),
  runId: id,
  createdAt: z.string(),
  workspaceId: id,
  macro: z.object({ id, name: z.string() }),
  actorUserId: id,
  data: z.object({
    formId: id,
    teamId: id,
    templateId: id,
    templateVersion: z.number().int(),
    number: z.number().int(),
    title: z.string(),
    state: z.string(),
    version: z.number().int(),
    values: z.record(z.string(), z.unknown()),
  }),
});
export type MacroRunPayload = z.infer<typeof macroRunPayloadSchema>;

/** What a receiver may answer (2xx): nothing, or the fields to write back. */
export const macroAnswerSchema = z.object({ values: formValuesSchema.optional() }).passthrough();

/** A finished run: the fields it wrote (none: the form is unchanged) and the form's version now. */
export const macroRunResultSchema = z.object({
  writtenFieldIds: z.array(z.string()),
  version: z.number().int(),
});
export type MacroRunResult = z.infer<typeof macroRunResultSchema>;
