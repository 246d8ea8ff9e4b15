import { z } from 'zod';

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
