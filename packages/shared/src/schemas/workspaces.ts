import { z } from 'zod';
import { documentSettingsSchema } from '../document-settings.ts';
import { featureTogglesSchema } from '../feature-toggles.ts';
import { isTimeZone } from '../forms/date-text.ts';
import { jointVentureSchema } from '../joint-venture.ts';
import { locales } from '../locales.ts';
import { plans, userTypes } from '../permissions.ts';
import { accountSummarySchema } from './accounts.ts';

export const workspaceSchema = z.object({
  workspaceId: z.string().uuid(),
  name: z.string(),
  /** The workspace's logo (General; shown within 96 x 32 px), or null. */
  logoUrl: z.string().nullable(),
  logoFileId: z.string().uuid().nullable(),
  brandColour: z.string().nullable(),
  /** Branding: the logo PDFs show (the workspace's logo when there is none), or null. */
  pdfLogoFileId: z.string().uuid().nullable(),
  pdfLogoUrl: z.string().nullable(),
  /** The workspace's language (spec 1: en-US unless chosen). */
  locale: z.string(),
  /** Documents & Formatting (issue 23.1). */
  documentSettings: documentSettingsSchema,
  /** Feature Access (spec 5.3): whether visitors may be added to the workspace. */
  visitorsAllowed: z.boolean(),
  /** Spec 5.4: a joint venture workspace's domain and parent domains, or null. */
  jointVenture: jointVentureSchema.nullable(),
  archived: z.boolean(),
  /** The plan of the workspace's account (its planType): the account is the one source of it. */
  plan: z.enum(plans),
  region: z.string(),
  /** IANA time zone PDFs and exports show times in (issue 14.5). */
  timeZone: z.string(),
  /** Per-workspace feature toggles (feature-toggles.ts), all off unless turned on. */
  featureToggles: featureTogglesSchema,
  /** Spec 3: the name of the account the workspace belongs to. */
  accountName: z.string(),
  account: accountSummarySchema,
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** A workspace the signed-in user belongs to, with how they belong (spec 2.6, 7). */
export const accessibleWorkspaceSchema = workspaceSchema.extend({
  userType: z.enum(userTypes),
  /** Holds a controller role at the company level (an org controller). */
  isOrgController: z.boolean(),
});
export type AccessibleWorkspace = z.infer<typeof accessibleWorkspaceSchema>;

export const accessibleWorkspacesSchema = z.object({ workspaces: z.array(accessibleWorkspaceSchema) });

/**
 * Spec 2.6, 4.4: a visitor adding a workspace (the visitor-trial modals). `expiredTrial` is their
 * own trial workspace whose trial has ended (the expired modal); otherwise `isBusinessDomainInUse`
 * picks the existing-domain modal (join or create) over the plain one.
 */
export const visitorTrialSchema = z.object({
  domain: z.string(),
  isBusinessDomainInUse: z.boolean(),
  expiredTrial: z.object({ workspaceId: z.string().uuid(), name: z.string() }).nullable(),
});
export type VisitorTrial = z.infer<typeof visitorTrialSchema>;

/** Spec 5.4: 2 or more characters, trimmed. */
export const workspaceSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Enter 2 or more characters').max(100),
});
export const workspaceSearchResultSchema = z.object({ workspaces: z.array(workspaceSchema) });

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(100, 'Name should be 100 characters or fewer.')
  .regex(/[\p{L}\p{N}]/u, 'Name should have one or more alphanumeric characters.');

/** An IANA time zone name this runtime knows (`Australia/Sydney`). */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, { message: 'Use an IANA time zone name, e.g. Australia/Sydney' })
  .meta({ examples: ['Australia/Sydney'] });

export const createWorkspaceSchema = z
  .object({
    name: workspaceNameSchema,
    /** The creator's time zone (the web app sends the browser's); UTC when absent. */
    timeZone: timeZoneSchema.optional(),
    /** The workspace the user is in when they ask: its plan and their role there decide (spec 5.4). */
    fromWorkspaceId: z.string().uuid().optional(),
  })
  .strict();
export type CreateWorkspace = z.infer<typeof createWorkspaceSchema>;

/** PATCH /api/workspaces/:workspaceId (org controllers): the workspace's settings. */
export const workspaceParamsSchema = z.object({ workspaceId: z.string().uuid() });
/** Branding: a colour as #rrggbb. */
export const brandColourSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'Use a colour in the form #1a6bd8.');

/**
 * The workspace's settings (General, Branding, Documents & Formatting): only what is sent
 * changes; a logo is a file uploaded with purpose `logo` (null removes it).
 */
export const updateWorkspaceSchema = z
  .object({
    name: workspaceNameSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    locale: z.enum(locales, { message: 'Choose one of the offered languages' }).optional(),
    logoFileId: z.string().uuid().nullable().optional(),
    brandColour: brandColourSchema.nullable().optional(),
    pdfLogoFileId: z.string().uuid().nullable().optional(),
    documentSettings: documentSettingsSchema.optional(),
    visitorsAllowed: z.boolean().optional(),
    jointVenture: jointVentureSchema.nullable().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one setting.' })
  .meta({ examples: [{ timeZone: 'Australia/Sydney' }] });
export type UpdateWorkspace = z.infer<typeof updateWorkspaceSchema>;

/** PUT /api/workspaces/:workspaceId/feature-toggles (super users): the toggles to change. */
export const updateFeatureTogglesSchema = featureTogglesSchema.partial().strict();
