import { z } from 'zod';
import { roles } from '../permissions.ts';

export const ssoMessages = {
  issuerUnreachable: "We couldn't read this provider's OpenID Connect discovery document. Check the issuer URL.",
} as const;

/** POST /api/workspaces/:workspaceId/sso/tests: a provider's settings, tried by a real sign-in first. */
export const ssoTestSchema = z
  .object({
    issuer: z
      .string()
      .trim()
      .url('Enter the issuer URL, such as https://login.example.com.')
      .max(500)
      .meta({ examples: ['https://login.example-builders.com'] }),
    clientId: z.string().trim().min(1, 'Required').max(300),
    clientSecret: z.string().min(1, 'Required').max(1000),
    groupsClaim: z.string().trim().min(1).max(100).default('groups'),
  })
  .strict();
export type SsoTest = z.input<typeof ssoTestSchema>;

export const ssoTestStartedSchema = z.object({ testId: z.string(), authorizationUrl: z.string() });

export const ssoTestParamsSchema = z.object({
  workspaceId: z.string().uuid(),
  testId: z
    .string()
    .max(100)
    .meta({ examples: ['ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'] }),
});

/** A test's outcome: who signed in at the provider (null until someone has). */
export const ssoTestResultSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  signedInEmail: z.string().nullable(),
});

/** PUT /api/workspaces/:workspaceId/sso: save the settings of a test that signed someone in. */
export const ssoSaveSchema = z
  .object({
    testId: z
      .string()
      .min(1)
      .max(100)
      .meta({ examples: ['ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'] }),
  })
  .strict();

/** The workspace's connection as the API shows it: never its secret. */
export const ssoConnectionSchema = z.object({
  connected: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  groupsClaim: z.string().nullable(),
  testedByEmail: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
});
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;

export const ssoMappingSchema = z.object({
  group: z.string().trim().min(1, 'Required').max(200),
  folderId: z.string().uuid(),
  role: z.enum(roles),
});
export const ssoMappingsSchema = z.object({ mappings: z.array(ssoMappingSchema).max(500) }).strict();
export type SsoMappings = z.infer<typeof ssoMappingsSchema>;
