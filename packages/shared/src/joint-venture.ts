import { z } from 'zod';
import { isFreeMailDomain } from './invitation-rules.ts';
import { domainMessages, domainNameSchema } from './schemas/domains.ts';

/** Spec 5.4's rules for a joint venture workspace, in words (the web app translates by message). */
export const jointVentureMessages = {
  notBusiness: 'Use a business e-mail domain: free e-mail providers cannot be joint venture or parent domains.',
  twoParents: 'A joint venture needs at least two parent domains.',
  sameAsParent: 'The joint venture domain must differ from its parent domains.',
  parentTwice: 'Each parent domain may be named once.',
} as const;

/** A business e-mail domain (lower-cased): the verified domains' pattern, free e-mail providers refused. */
const businessDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((d) => isFreeMailDomain(d) || domainNameSchema.safeParse(d).success, domainMessages.invalidDomain)
  .refine((d) => !isFreeMailDomain(d), jointVentureMessages.notBusiness);

/**
 * Spec 5.4: a joint venture workspace has its own domain and at least two parent domains (the
 * companies in the venture); the joint venture domain differs from the parents; non-business
 * e-mail domains are rejected.
 */
export const jointVentureSchema = z
  .object({
    domain: businessDomainSchema,
    parentDomains: z.array(businessDomainSchema).min(2, jointVentureMessages.twoParents).max(20),
  })
  .superRefine((jv, ctx) => {
    if (jv.parentDomains.includes(jv.domain)) {
      ctx.addIssue({ code: 'custom', path: ['domain'], message: jointVentureMessages.sameAsParent });
    }
    if (new Set(jv.parentDomains).size !== jv.parentDomains.length) {
      ctx.addIssue({ code: 'custom', path: ['parentDomains'], message: jointVentureMessages.parentTwice });
    }
  })
  .meta({ examples: [{ domain: 'harbour-jv.com', parentDomains: ['acme-builders.com', 'northwind-civil.com'] }] });
export type JointVenture = z.infer<typeof jointVentureSchema>;

/** The joint venture as stored (JSON), or null when the workspace is none or the value no longer reads. */
export function readJointVenture(stored: unknown): JointVenture | null {
  const parsed = jointVentureSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
