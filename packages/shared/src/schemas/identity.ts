import { z } from 'zod';

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

export const updateCurrentUserSchema = z
  .object({
    firstName: personName,
    lastName: personName,
    mobile: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'Invalid mobile number - incorrect length.')
      .nullable(),
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
  });

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .email('Please enter a valid email address in the format name@example.com.');

/** Usage events the web app records (spec 2.1, 7). */
export const usageEventNames = ['emailLoginLinkClicked'] as const;
export const usageEventSchema = z
  .object({
    name: z.enum(usageEventNames),
    context: z
      .record(z.string().max(50), z.string().max(200))
      .refine((c) => Object.keys(c).length <= 10)
      .default({}),
  })
  .strict();
export type UsageEvent = z.infer<typeof usageEventSchema>;
