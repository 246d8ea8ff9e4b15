import { z } from 'zod';
import { formValuesSchema, templateTypeSchema } from './forms.ts';
import { formPdfQuerySchema } from './pdf-exports.ts';
import { humanCheckMessage } from './signup.ts';

/**
 * Submission links (spec 1, 3, 4.1, 5.3, 9; issue 21): a team's controllers make a link that lets
 * anyone without an account submit forms of its templates into the team. A single link takes one
 * submission, an ongoing one many, until it expires or reaches its maximum.
 */

const id = z.string().uuid();

/** Spec 5.3, 9: a link offers at most 20 templates. */
export const linkMaxTemplates = 20;

/** The most submissions a link can be limited to (a sane bound for the field). */
export const linkMaxSubmissionsLimit = 1_000_000;

export const linkKinds = ['single', 'ongoing'] as const;
export const linkKindSchema = z.enum(linkKinds);
export type LinkKind = z.infer<typeof linkKindSchema>;

export const linkStates = ['active', 'archived'] as const;
export const linkStateSchema = z.enum(linkStates);
export type LinkState = z.infer<typeof linkStateSchema>;

export const linkNameSchema = z.string().trim().min(1, 'Link name is required').max(100);

/** The public address of a link's page (the token is the link's secret). */
export function linkPath(token: string): string {
  return `/s/${token}`;
}

export const linkCreateSchema = z
  .object({
    name: linkNameSchema,
    kind: linkKindSchema,
    templateIds: z
      .array(id)
      .min(1, 'Choose at least one template')
      .max(linkMaxTemplates, `A link can offer at most ${linkMaxTemplates} templates`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each template can be chosen once'),
    /** After this moment the link takes no more submissions; null: it does not expire. */
    expiresAt: z.string().datetime({ offset: true }).nullable().default(null),
    /** An ongoing link's most submissions; null: no maximum (a single link takes one). */
    maxSubmissions: z.number().int().min(1).max(linkMaxSubmissionsLimit).nullable().default(null),
    askSubmitterName: z.boolean().default(false),
    askSubmitterEmail: z.boolean().default(false),
  })
  .strict();
export type LinkCreate = z.output<typeof linkCreateSchema>;

export const linkTemplateSchema = z.object({ id, name: z.string() });

export const linkSchema = z.object({
  id,
  teamId: id,
  name: z.string(),
  kind: linkKindSchema,
  state: linkStateSchema,
  /** The templates the link offers, in the order chosen (a template deleted since is gone). */
  templates: z.array(linkTemplateSchema),
  /** The secret of the link's public address (`linkPath`). */
  token: z.string(),
  expiresAt: z.string().nullable(),
  maxSubmissions: z.number().int().nullable(),
  askSubmitterName: z.boolean(),
  askSubmitterEmail: z.boolean(),
  submissionCount: z.number().int(),
  createdAt: z.string(),
});
export type Link = z.infer<typeof linkSchema>;

export const linksSchema = z.object({ links: z.array(linkSchema) });
export const linkQuerySchema = z.object({ state: linkStateSchema.default('active') });
export const linkParamsSchema = z.object({ teamId: id, linkId: id });

/*
 * The public page of a link (issue 21): opened by anyone with its address, no account.
 */

export const linkTokenParamsSchema = z.object({ token: z.string().min(16).max(100) });

/** What the public page needs: the link's name, what it asks, and its templates with their current definitions. */
export const publicLinkSchema = z.object({
  name: z.string(),
  kind: linkKindSchema,
  askSubmitterName: z.boolean(),
  askSubmitterEmail: z.boolean(),
  templates: z.array(z.object({ id, name: z.string(), type: templateTypeSchema, definition: z.unknown() })),
  /** Which human check the page shows (the sign-up's: ALTCHA, or reCAPTCHA v3 with its site key). */
  humanCheck: z.enum(['altcha', 'recaptcha']),
  recaptchaSiteKey: z.string().nullable(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** Why a link takes no more submissions (its page says so). */
export const linkClosedReasons = ['expired', 'used', 'full'] as const;
export type LinkClosedReason = (typeof linkClosedReasons)[number];

export const linkSubmissionCreateSchema = z
  .object({
    /** The submitter's idempotency key: a retried submit with the same id makes no second form. */
    formId: id,
    templateId: id,
    values: formValuesSchema,
    submitterName: z.string().trim().max(200).optional(),
    submitterEmail: z.string().trim().max(254).email('Enter a valid e-mail address').optional(),
    /** The human check's answer (ALTCHA's payload). */
    humanCheck: z.string().trim().min(1, humanCheckMessage).max(20_000, humanCheckMessage),
  })
  .strict();
export type LinkSubmissionCreate = z.output<typeof linkSubmissionCreateSchema>;

/**
 * `receipt`: the submitter's key to their PDF copy of this one submission (unguessable, the same
 * for a retried submit of it).
 */
export const linkSubmissionSchema = z.object({ formId: id, created: z.boolean(), receipt: z.string() });

/** The submitter's PDF copy: the link, the form, and the receipt its submit answered. */
export const linkReceiptParamsSchema = z.object({ token: z.string().min(16).max(100), formId: id });
export const linkReceiptQuerySchema = formPdfQuerySchema.extend({
  receipt: z
    .string()
    .min(16)
    .max(100)
    .meta({ examples: ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'] }),
});

/**
 * Photos, sketches and signatures on the public page (issue 21): after the human check the page
 * gets a short-lived upload grant for this link and this submission attempt (the form id it will
 * submit); each file is then uploaded with the grant, and only that submission through that link
 * may name it.
 */
export const linkUploadGrantCreateSchema = z
  .object({
    formId: id,
    humanCheck: z.string().trim().min(1, humanCheckMessage).max(20_000, humanCheckMessage),
  })
  .strict();
export type LinkUploadGrantCreate = z.output<typeof linkUploadGrantCreateSchema>;

export const linkUploadGrantSchema = z.object({ grant: z.string(), expiresAt: z.string() });
export type LinkUploadGrant = z.infer<typeof linkUploadGrantSchema>;

/** What may be uploaded through a link: what the form's fields take, nothing else. */
export const linkUploadPurposes = ['photo', 'signature', 'sketch'] as const;

export const linkUploadQuerySchema = z.object({ purpose: z.enum(linkUploadPurposes) });
export const linkUploadHeadersSchema = z.object({ 'upload-grant': z.string().min(16).max(1_000) });

export const linkUploadedFileSchema = z.object({
  fileId: id,
  contentType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type LinkUploadedFile = z.infer<typeof linkUploadedFileSchema>;
