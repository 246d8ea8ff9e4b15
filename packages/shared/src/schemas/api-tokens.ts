import { z } from 'zod';

/**
 * Personal API tokens (issue 24.2): a person makes a token with a name, an expiry and a subset of
 * their own rights, to call the REST API from scripts and other systems as themselves. The secret
 * is shown once, when it is made; the server keeps only its hash.
 */

/** Every token starts so: a leaked one is recognisable (secret scanners, logs) as ours. */
export const apiTokenPrefix = 'fwp_';

/** The token's subset of its owner's rights: reading only (GET), or everything the owner may do. */
export const apiTokenAccesses = ['read', 'readWrite'] as const;
export const apiTokenAccessSchema = z.enum(apiTokenAccesses);
export type ApiTokenAccess = z.infer<typeof apiTokenAccessSchema>;

/** The expiries offered, in days; a token never lives longer than a year. */
export const apiTokenExpiryDays = [7, 30, 90, 365] as const;
export const apiTokenMaxExpiryDays = 365;

/** The most live (unrevoked, unexpired) tokens one person may hold. */
export const apiTokenMaxLive = 50;

export const apiTokenNameSchema = z.string().trim().min(1, 'Token name is required').max(100);

export const apiTokenCreateSchema = z.object({
  name: apiTokenNameSchema,
  access: apiTokenAccessSchema,
  expiresInDays: z.number().int().min(1).max(apiTokenMaxExpiryDays),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  tokenId: z.string().uuid(),
  name: z.string(),
  access: apiTokenAccessSchema,
  /** The first characters of the token (prefix included), to tell tokens apart; never the secret. */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The last call made with it, to the minute (null: never used). */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The answer to a create: the token's row and its secret, shown this once. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenIdParamsSchema = z.object({ tokenId: z.string().uuid() });
