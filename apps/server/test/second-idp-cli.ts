import { type SecondIdpAccount, startSecondIdp } from './second-idp.ts';

/**
 * The second identity provider as a process of its own, for the end-to-end tests (issue 23.3):
 * SECOND_IDP_REDIRECT_URI is Formwork's SSO callback, SECOND_IDP_ACCOUNTS a JSON object of e-mail
 * -> { givenName, familyName, groups }. Prints one JSON line (issuer, client id and secret) once
 * it listens; ends on SIGTERM.
 */
const idp = await startSecondIdp({ redirectUri: process.env.SECOND_IDP_REDIRECT_URI ?? '' });
const accounts = JSON.parse(process.env.SECOND_IDP_ACCOUNTS ?? '{}') as Record<string, SecondIdpAccount>;
for (const [email, account] of Object.entries(accounts)) idp.accounts.set(email, account);
process.stdout.write(
  `${JSON.stringify({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })}\n`,
);
process.on('SIGTERM', () => void idp.close().then(() => process.exit(0)));
