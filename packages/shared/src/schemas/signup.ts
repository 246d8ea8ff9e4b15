import { z } from 'zod';
import { emailSchema, mobileSchema, passwordSchema, personNameMessages } from './identity.ts';
import { termsMessage } from './people.ts';
import { workspaceNameSchema } from './workspaces.ts';

/**
 * Self-service sign-up (spec 2.8, 3 sign-up model, 4.5, 5.7, 7). The web app keeps the model while
 * the person goes through the steps; the server checks every rule again on each call.
 */

/** Spec 5.7: a company name may not hold an inappropriate or reserved term. */
export const bannedCompanyNameMessage =
  'Company names cannot contain inappropriate or reserved terms. Please use a different name.';
/** Reserved terms (the product's own names and roles) and inappropriate words, as whole words. */
export const bannedCompanyNameTerms = [
  'formwork',
  'admin',
  'administrator',
  'superuser',
  'root',
  'support',
  'helpdesk',
  'official',
  'fuck',
  'shit',
  'cunt',
  'bitch',
  'nazi',
  'porn',
] as const;
const bannedPattern = new RegExp(`(^|[^\\p{L}\\p{N}])(${bannedCompanyNameTerms.join('|')})([^\\p{L}\\p{N}]|$)`, 'iu');
export function hasBannedTerm(name: string): boolean {
  return bannedPattern.test(name);
}

/** The workspace-name rules, then the banned terms (spec 5.7). */
export const companyNameSchema = workspaceNameSchema
  .refine((v) => !hasBannedTerm(v), { message: bannedCompanyNameMessage, params: { rule: 'banned' } })
  .meta({ examples: ['Harbour Builders'] });

/** Spec 5.7: first and last name in sign-up ('Please enter a valid name' for every problem). */
const signupName = z
  .string()
  .trim()
  .min(1, personNameMessages.invalid)
  .max(100, personNameMessages.invalid)
  .regex(/[\p{L}\p{N}]/u, personNameMessages.invalid)
  .refine((v) => !/[<>{}]|https?:|javascript:/i.test(v), personNameMessages.invalid)
  .meta({ examples: ['Robin'] });

/** Spec 2.8 step 5: the role and industry survey (BusinessAttributesSelector). */
export const signupRoles = [
  'owner',
  'operationsManager',
  'projectManager',
  'siteSupervisor',
  'safetyManager',
  'fieldWorker',
  'administration',
  'other',
] as const;
export const signupIndustries = [
  'construction',
  'civil',
  'electrical',
  'plumbing',
  'mining',
  'facilities',
  'manufacturing',
  'other',
] as const;
export const chooseOneMessage = 'Please choose one';
export const businessAttributesSchema = z
  .object({
    role: z.enum(signupRoles, { error: chooseOneMessage }),
    industry: z.enum(signupIndustries, { error: chooseOneMessage }),
  })
  .strict();
export type BusinessAttributes = z.infer<typeof businessAttributesSchema>;

/** Spec 3: the continents the terms links and the checkout currency depend on. */
export const continents = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
export type Continent = (typeof continents)[number];

/**
 * POST /api/signup/email-check: `live` while the person types (the uniqueness indicator, no
 * tracking event), `next` when they press Next (spec 7's e-mail-entered event).
 */
export const emailCheckSchema = z
  .object({
    email: emailSchema.meta({ examples: ['robin@harbour.example'] }),
    step: z.enum(['live', 'next']).default('next'),
  })
  .strict();
export type EmailCheck = z.infer<typeof emailCheckSchema>;
/**
 * Spec 4.5, 7: whether the address already has an account (UsedEmail), whether its business domain
 * is in use by people of another workspace (UsedDomain), and whether it is a single sign-on domain
 * (a workspace's verified domain with a connected provider: the sign-up sets no password).
 */
export const emailCheckResultSchema = z.object({
  emailInUse: z.boolean(),
  isBusinessDomainInUse: z.boolean(),
  isSSODomain: z.boolean(),
});
export type EmailCheckResult = z.infer<typeof emailCheckResultSchema>;

/** Get Started: POST /api/signup/subdomain (spec 7: returns success and errorMessage). */
export const subdomainRequestSchema = z.object({ email: emailSchema, companyName: companyNameSchema }).strict();
export const subdomainResultSchema = z.object({
  success: z.boolean(),
  subdomain: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type SubdomainResult = z.infer<typeof subdomainResultSchema>;
export const subdomainFailedMessage =
  "We couldn't make a web address from this company name. Please use a name with letters or numbers.";

const userInfoFields = {
  email: emailSchema,
  firstName: signupName,
  lastName: signupName,
  companyName: companyNameSchema,
  /** Spec 3, 4.5: a single sign-on sign-up sets no password (the company's sign-in proves the address). */
  isSSOSignUp: z.boolean().optional(),
  password: passwordSchema.optional(),
};

/** Spec 5.7: the password is required unless the sign-up is a single sign-on one. */
const passwordUnlessSso = (
  b: { isSSOSignUp?: boolean | undefined; password?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (!b.isSSOSignUp && b.password === undefined) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'Required' });
  }
};

/** Step 1's fields as the server checks them (Get Started with a valid form). */
export const signupUserInfoSchema = z.object(userInfoFields).superRefine(passwordUnlessSso);

/**
 * Create account (MobileNumber step): PUT /api/signups/{signupId} stores the sign-up model; the id
 * is made by the browser, so a replayed call stores the same sign-up again rather than a second.
 */
export const signupBodySchema = z
  .object({
    ...userInfoFields,
    subdomain: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'Invalid subdomain')
      .meta({ examples: ['harbour-builders'] }),
    mobile: mobileSchema,
    acceptTerms: z.literal(true, { error: termsMessage }),
    businessAttributes: businessAttributesSchema,
    timezone: z.string().max(64).optional(),
    continent: z.enum(continents).optional(),
  })
  .strict()
  .superRefine(passwordUnlessSso);
export type SignupBody = z.input<typeof signupBodySchema>;
export const signupParamsSchema = z.object({ signupId: z.string().uuid() });
export const signupStoredSchema = z.object({ signupId: z.string().uuid(), status: z.enum(['pending', 'completed']) });

/** Spec 5.7: the human check's message (the spec's wording names reCAPTCHA for every kind). */
export const humanCheckMessage = 'Please verify the reCaptcha';
/** Finish (HumanVerification): POST /api/signups/{signupId}/complete with the check's answer. */
export const signupCompleteSchema = z
  .object({ humanCheck: z.string().trim().min(1, humanCheckMessage).max(20_000, humanCheckMessage) })
  .strict();
/**
 * The new account lands signed in: a one-time sign-in ticket (as after an activation). A single
 * sign-on sign-up answers a ticket to the company's sign-in instead, which makes the account and
 * the workspace (named here) once the provider has proven the address.
 */
export const signupCompleteResultSchema = z.union([
  z.object({ email: z.string(), workspaceId: z.string().uuid(), signInTicket: z.string() }),
  z.object({ email: z.string(), workspaceId: z.string().uuid(), ssoTicket: z.string() }),
]);
export type SignupCompleteResult = z.infer<typeof signupCompleteResultSchema>;

/** GET /api/signup/challenge: an ALTCHA proof-of-work challenge, as altcha-lib makes it. */
export const altchaChallengeSchema = z.looseObject({
  parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string(), cost: z.number() }),
  signature: z.string().optional(),
});

/** GET /api/signup/config: which human check the page shows. */
export const signupConfigSchema = z.object({
  humanCheck: z.enum(['altcha', 'recaptcha']),
  /** reCAPTCHA v3's site key when that check is configured. */
  recaptchaSiteKey: z.string().nullable(),
});
export type SignupConfig = z.infer<typeof signupConfigSchema>;

/** Spec 7 tracking events of the sign-up steps (recorded by the sign-up calls). */
export const signupEmailContexts = ['New', 'Existing', 'Domain Check'] as const;
export const signupCtaContexts = ['Signup Page 1', 'Sign Up Get Started', 'Sign up Page Phone Number'] as const;

/** Spec 9: the default country code; spec 5.7: when the time zone tells nothing. */
const timeZoneCountryCodes: [RegExp, string][] = [
  [/^Australia\//, '61'],
  [/^Pacific\/(Auckland|Chatham)$/, '64'],
  [/^Europe\/(London|Belfast)$/, '44'],
  [/^Europe\/Dublin$/, '353'],
  [/^Africa\/Johannesburg$/, '27'],
  [/^Asia\/Singapore$/, '65'],
  [/^Asia\/(Kolkata|Calcutta)$/, '91'],
  [/^Europe\/Berlin$/, '49'],
  [/^Europe\/Paris$/, '33'],
  [/^Europe\/Amsterdam$/, '31'],
  [/^Europe\/Madrid$/, '34'],
  [/^Europe\/Rome$/, '39'],
  [/^Asia\/Dubai$/, '971'],
  [/^Asia\/Manila$/, '63'],
  [/^Asia\/Kuala_Lumpur$/, '60'],
  [/^Asia\/Hong_Kong$/, '852'],
  [/^Asia\/Tokyo$/, '81'],
  [/^America\/Sao_Paulo$/, '55'],
  [
    /^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Toronto|Vancouver|Edmonton|Winnipeg|Halifax)$/,
    '1',
  ],
];
/** The calling code a time zone suggests, or undefined when it tells nothing. */
export function countryCodeForTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  return timeZoneCountryCodes.find(([pattern]) => pattern.test(timeZone))?.[1];
}

const zoneContinents: Record<string, Continent> = {
  Africa: 'AF',
  Antarctica: 'AN',
  Asia: 'AS',
  Europe: 'EU',
  Australia: 'OC',
  Pacific: 'OC',
};
/** The continent of an IANA time zone (America/* by latitude of its city is not known: NA unless a South American city). */
export function continentForTimeZone(timeZone: string | undefined): Continent | undefined {
  if (!timeZone) return undefined;
  const area = timeZone.split('/')[0] ?? '';
  if (area === 'America')
    return /Sao_Paulo|Buenos_Aires|Santiago|Lima|Bogota|Caracas|Montevideo|La_Paz|Asuncion|Guayaquil/.test(timeZone)
      ? 'SA'
      : 'NA';
  return zoneContinents[area];
}

const codeContinents: Record<string, Continent> = {
  '61': 'OC',
  '64': 'OC',
  '44': 'EU',
  '353': 'EU',
  '49': 'EU',
  '33': 'EU',
  '31': 'EU',
  '34': 'EU',
  '39': 'EU',
  '27': 'AF',
  '65': 'AS',
  '91': 'AS',
  '971': 'AS',
  '63': 'AS',
  '60': 'AS',
  '852': 'AS',
  '81': 'AS',
  '55': 'SA',
  '1': 'NA',
};
/** Spec 4.5: when the time zone told nothing, the continent comes from the phone number's country code. */
export function continentForCountryCode(code: string): Continent | undefined {
  return codeContinents[code];
}
