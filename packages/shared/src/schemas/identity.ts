import { z } from 'zod';
import { isTimeZone } from '../forms/date-text.ts';
import { locales } from '../locales.ts';

/** What the web app needs to start signing in (spec 2.1, 7). */
export const authConfigSchema = z.object({
  issuer: z.string().url(),
  clientId: z.string(),
  scope: z.string(),
  embedded: z.boolean(),
  region: z.string(),
  /** Each region's web address, to send users to the deployment that holds their workspace. */
  regionUrls: z.record(z.string(), z.string().url()),
  publicUrl: z.string().url(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const currentUserSchema = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().nullable(),
  /** The person's IANA time zone (null: the browser's). */
  timeZone: z.string().nullable(),
  /** Spec 1, issue 26: the locale the person chose, or null (the workspace's default applies). */
  locale: z.enum(locales).nullable(),
  /** Where to download the profile picture (with the bearer token), or null. */
  pictureUrl: z.string().nullable(),
  /** An e-mail change waiting for its link to be followed, or null (issue 16.4). */
  pendingEmail: z.string().nullable(),
  isAdmin: z.boolean(),
  isSso: z.boolean(),
  isVisitorOnly: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A first or last name: each rule says what it is about (required, too long, not a name). */
export const personNameMaxLength = 100;
export const personNameMessages = {
  required: 'Please enter a name',
  tooLong: `A name can be at most ${personNameMaxLength} characters`,
  invalid: 'Please enter a valid name',
} as const;
const personName = z
  .string()
  .trim()
  // A missing or too long name is told that, not also 'not a valid name'.
  .min(1, { message: personNameMessages.required, abort: true })
  .max(personNameMaxLength, { message: personNameMessages.tooLong, abort: true })
  .regex(/[\p{L}\p{N}]/u, personNameMessages.invalid)
  .refine((v) => !/[<>{}]|https?:|javascript:/i.test(v), personNameMessages.invalid);

/**
 * Spec 5.7: a mobile with its country code, written `+61 412345678`. A missing or unknown country
 * code counts as no mobile ('Mobile is required'); a national number of the wrong length says so.
 */
export const mobileMessages = {
  required: 'Mobile is required',
  length: 'Invalid mobile number - incorrect length.',
} as const;
/** Spec 5.7, 9: the default country code when the time zone tells nothing. */
export const defaultCountryCode = '61';
/** Calling codes offered by the mobile input (country, code), most used first. */
export const countryCallingCodes = [
  ['AU', '61'],
  ['NZ', '64'],
  ['GB', '44'],
  ['US', '1'],
  ['CA', '1'],
  ['IE', '353'],
  ['ZA', '27'],
  ['SG', '65'],
  ['IN', '91'],
  ['DE', '49'],
  ['FR', '33'],
  ['NL', '31'],
  ['ES', '34'],
  ['IT', '39'],
  ['AE', '971'],
  ['PH', '63'],
  ['MY', '60'],
  ['HK', '852'],
  ['JP', '81'],
  ['BR', '55'],
] as const;
const callingCodes = new Set<string>(countryCallingCodes.map(([, code]) => code));

/** `+61 0412 345 678` -> `{ countryCode: '61', number: '412345678' }` (a trunk 0 is dropped). */
export function splitMobile(value: string): { countryCode: string; number: string } | undefined {
  const match = /^\+(\d{1,3})[\s-]*(.*)$/.exec(value.trim());
  if (!match) return undefined;
  return { countryCode: match[1] as string, number: (match[2] as string).replace(/[\s().-]/g, '').replace(/^0/, '') };
}

export const mobileSchema = z
  .string()
  .trim()
  .max(40, mobileMessages.length)
  .superRefine((value, ctx) => {
    const parts = splitMobile(value);
    if (!parts || !callingCodes.has(parts.countryCode)) {
      ctx.addIssue({ code: 'custom', message: mobileMessages.required, params: { rule: 'required' } });
      return;
    }
    if (!/^\d{6,14}$/.test(parts.number))
      ctx.addIssue({ code: 'custom', message: mobileMessages.length, params: { rule: 'length' } });
  })
  .meta({ examples: ['+61 412345678'] })
  .transform((value) => {
    const parts = splitMobile(value) as { countryCode: string; number: string };
    return `+${parts.countryCode} ${parts.number}`;
  });

export const updateCurrentUserSchema = z
  .object({
    firstName: personName,
    lastName: personName,
    mobile: mobileSchema.nullable(),
    timeZone: z
      .string()
      .trim()
      .max(64)
      .refine(isTimeZone, { message: 'Use an IANA time zone name, e.g. Australia/Sydney' })
      .nullable(),
    locale: z.enum(locales, { message: 'Choose one of the offered languages' }).nullable(),
  })
  .partial()
  .strict();
export type UpdateCurrentUser = z.infer<typeof updateCurrentUserSchema>;

/** Spec 5.7: at least 10 characters with a lowercase letter, an uppercase letter and a number. */
export const passwordRules = [
  { id: 'length', test: (v: string) => v.length >= 10, message: 'At least 10 characters' },
  { id: 'lowercase', test: (v: string) => /[a-z]/.test(v), message: 'A lowercase letter' },
  { id: 'uppercase', test: (v: string) => /[A-Z]/.test(v), message: 'An uppercase letter' },
  { id: 'number', test: (v: string) => /[0-9]/.test(v), message: 'A number' },
] as const;

export const passwordSchema = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    for (const rule of passwordRules) {
      if (!rule.test(value)) ctx.addIssue({ code: 'custom', message: rule.message, params: { rule: rule.id } });
    }
  })
  .meta({ examples: ['Site-Diary-2026'] });

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .email('Please enter a valid email address in the format name@example.com.');

/** POST /api/me/email-change: the new address gets a single-use link (issue 16.4). */
export const emailChangeRequestSchema = z.object({ email: emailSchema }).strict();
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;
export const emailChangeConfirmSchema = z.object({ token: z.string().trim().min(20).max(200) }).strict();
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirmSchema>;
/** How long an e-mail change link stays usable. */
export const emailChangeLinkHours = 24;

/** A person's signature (issue 16.4): drawn on a canvas, uploaded, or made from the full name. */
export const signatureSources = ['drawn', 'uploaded', 'default'] as const;
export type SignatureSource = (typeof signatureSources)[number];
export const signatureUploadQuerySchema = z.object({ source: z.enum(['drawn', 'uploaded']) });
export const mySignatureSchema = z.object({
  source: z.enum(signatureSources),
  /** Where to download the PNG (with the bearer token). */
  url: z.string(),
  updatedAt: z.string(),
});
export type MySignature = z.infer<typeof mySignatureSchema>;
export const mySignatureReplySchema = z.object({ signature: mySignatureSchema.nullable() });
export type MySignatureReply = z.infer<typeof mySignatureReplySchema>;
/** POST /api/me/signature/default: the workspace whose toggle allows it (spec 6). */
export const defaultSignatureRequestSchema = z.object({ companyId: z.string().uuid() }).strict();

/** Usage events the web app records (spec 2.1, 7). */
export const usageEventNames = ['emailLoginLinkClicked', 'productBoardClicked'] as const;
export const usageEventSchema = z
  .object({
    name: z.enum(usageEventNames),
    /** The workspace the event happened in, one the person belongs to (issue 25.3). */
    workspaceId: z.string().uuid().optional(),
    context: z
      .record(z.string().max(50), z.string().max(200))
      .refine((c) => Object.keys(c).length <= 10)
      .default({}),
  })
  .strict();
export type UsageEvent = z.infer<typeof usageEventSchema>;
/** GET /api/admin/usage-events.csv: the product events of a period, for the people who run the product. */
export const usageEventsExportQuerySchema = z
  .object({
    from: z.iso.date().meta({ examples: ['2026-11-01'] }),
    to: z.iso.date().meta({ examples: ['2026-11-30'] }),
  })
  .strict()
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end date must not be before the start date' });
