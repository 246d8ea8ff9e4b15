import {
  altchaChallengeSchema,
  emailCheckResultSchema,
  emailCheckSchema,
  signupBodySchema,
  signupCompleteResultSchema,
  signupCompleteSchema,
  signupConfigSchema,
  signupParamsSchema,
  signupStoredSchema,
  subdomainRequestSchema,
  subdomainResultSchema,
} from '@formwork/shared/schemas/signup';
import { AppError } from '../../errors.ts';
import type { App } from '../../http/types.ts';
import { humanCheckFor } from './human-check.ts';
import * as service from './signup.service.ts';

const tags = ['signup'];

/** Issue 17.1, spec 2.8, 4.5, 7: self-service sign-up (before anyone is signed in: public). */
export async function signupRoutes(app: App) {
  const { config, database } = app.deps;
  const { db } = database;
  const humanCheck = await humanCheckFor(config.humanCheck, db);

  app.get('/api/signup/config', {
    config: { access: { public: true } },
    schema: { tags, summary: 'Which human check the sign-up page shows', response: { 200: signupConfigSchema } },
    handler: async () => ({ humanCheck: humanCheck.kind, recaptchaSiteKey: humanCheck.siteKey }),
  });

  app.get('/api/signup/challenge', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary:
        'A new proof-of-work challenge for the ALTCHA widget (404 when reCAPTCHA is configured; 429 past the per-address limit)',
      response: { 200: altchaChallengeSchema },
    },
    handler: async (request, reply) => {
      await service.limitChallenge(db, request.ip);
      const challenge = await humanCheck.challenge();
      if (!challenge) throw new AppError('routeNotFound');
      // altcha-lib's challenge, sent as it made it (the widget checks its signature fields).
      return reply.header('cache-control', 'no-store').send({ ...challenge, parameters: { ...challenge.parameters } });
    },
  });

  app.post('/api/signup/email-check', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Whether the e-mail is registered and whether its business domain is in use (step 1 Next)',
      body: emailCheckSchema,
      response: { 200: emailCheckResultSchema },
    },
    handler: async (request) => service.checkEmail(db, request.body.email, request.body.step, request.ip),
  });

  app.post('/api/signup/subdomain', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "The new account's subdomain, derived from the e-mail and company name (Get Started)",
      body: subdomainRequestSchema,
      response: { 200: subdomainResultSchema },
    },
    handler: async (request) => service.accountSubdomain(db, request.body.email, request.body.companyName),
  });

  app.put('/api/signups/:signupId', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Store the sign-up model under the browser-made id (Create account); a replay stores the same one',
      params: signupParamsSchema,
      body: signupBodySchema,
      response: { 200: signupStoredSchema },
    },
    handler: async (request) => ({
      signupId: request.params.signupId,
      ...(await service.saveSignup(db, request.params.signupId, request.body)),
    }),
  });

  app.post('/api/signups/:signupId/complete', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Finish the sign-up with the human check: the account, its trial workspace and a sign-in ticket',
      params: signupParamsSchema,
      body: signupCompleteSchema,
      response: { 200: signupCompleteResultSchema },
    },
    handler: async (request) =>
      service.completeSignup(db, humanCheck, {
        signupId: request.params.signupId,
        answer: request.body.humanCheck,
        ip: request.ip,
        region: config.region,
      }),
  });
}
