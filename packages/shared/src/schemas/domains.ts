import { z } from 'zod';
import { isFreeMailDomain } from '../invitation-rules.ts';
import { emailSchema } from './identity.ts';

/** The spec's and issue's words for a refused domain (the web app translates by message key). */
export const domainMessages = {
  invalidDomain: 'Enter a domain name such as example.com.',
  freeMailDomain: 'A free e-mail provider cannot be a verified domain.',
  emailNotAtDomain: 'The address must be at this domain.',
} as const;

const domainPattern = /^(?=.{3,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/;

/** A company e-mail domain: lower-cased, a host name with a dot, not a free e-mail provider. */
export const domainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .meta({ examples: ['example-builders.com'] })
  .refine((d) => domainPattern.test(d), domainMessages.invalidDomain)
  .refine((d) => !isFreeMailDomain(d), domainMessages.freeMailDomain);

/** POST /api/workspaces/:workspaceId/domains: an org controller adds a domain to prove. */
export const addDomainSchema = z.object({ domain: domainNameSchema }).strict();
export type AddDomain = z.infer<typeof addDomainSchema>;

export const domainParamsSchema = z.object({
  workspaceId: z.string().uuid(),
  domain: z
    .string()
    .max(253)
    .meta({ examples: ['example-builders.com'] }),
});

/** The name and value of the DNS TXT record that proves the workspace holds the domain. */
export const txtRecordPrefix = 'formwork-verification=';

export const verifiedDomainSchema = z.object({
  domain: z.string(),
  /** When it was proven, or null while it waits for its TXT record or e-mailed link. */
  verifiedAt: z.string().nullable(),
  method: z.enum(['dns', 'email']).nullable(),
  /** The TXT record to publish at the domain to prove it. */
  txtRecord: z.object({ name: z.string(), value: z.string() }),
  /** The address a proving link was last sent to, while unproven. */
  emailSentTo: z.string().nullable(),
});
export type VerifiedDomain = z.infer<typeof verifiedDomainSchema>;
export const verifiedDomainListSchema = z.object({ domains: z.array(verifiedDomainSchema) });

/** POST .../domains/:domain/email-link: a link to an address at the domain proves it when opened. */
export const domainEmailLinkSchema = z.object({ email: emailSchema }).strict();
export type DomainEmailLink = z.infer<typeof domainEmailLinkSchema>;

/** POST /api/domain-verifications: the token of an e-mailed link (public: its holder proves the domain). */
export const domainLinkTokenSchema = z
  .object({
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,100}$/)
      .meta({ examples: ['ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'] }),
  })
  .strict();
export const domainLinkResultSchema = z.object({ domain: z.string() });
