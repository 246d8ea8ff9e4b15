import { signInNoticeParam, ssoTicketParam } from '@formwork/shared/errors';
import { eq } from 'drizzle-orm';
import Provider, { type Configuration, errors } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { AppDb } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { inScope, systemScope } from '../db/tenant.ts';
import { createAdapterClass } from './adapter.ts';
import { type SigningKeys, signingAlgorithm } from './keys.ts';
import { translator } from './messages.ts';
import { messagePage, signOutPage } from './pages.ts';

/** The authorization parameter that carries an activation's sign-in ticket. */
export const signInTicketParam = 'activation_ticket';

export const idpMountPath = '/idp';
export const apiScope = 'api';

/** The access token claim naming its grant: the API refuses tokens whose grant was revoked. */
export const grantIdClaim = 'grant_id';

/**
 * Lifetimes in seconds. Access tokens are short (10 minutes): a JWT cannot be recalled, so this
 * bounds how long one outlives anything the API does not check; the web app renews them silently
 * with its refresh token a minute before they expire (apps/web/src/lib/auth.ts).
 */
export const tokenTtl = {
  AuthorizationCode: 60,
  AccessToken: 10 * 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  Interaction: 60 * 60,
};

async function findAccount(db: AppDb, accountId: string) {
  if (!/^[0-9a-f-]{36}$/.test(accountId)) return undefined;
  const [user] = await inScope(db, systemScope, (tx) => tx.select().from(users).where(eq(users.userId, accountId)));
  if (!user) return undefined;
  return {
    accountId,
    claims: async () => ({
      sub: accountId,
      email: user.email,
      email_verified: true,
      given_name: user.firstName,
      family_name: user.lastName,
      name: `${user.firstName} ${user.lastName}`.trim(),
    }),
  };
}

/**
 * The embedded OpenID provider: authorization code with PKCE (S256) for the web app, refresh
 * tokens for offline_access rotated on every use (a reused one revokes the grant), codes valid
 * 60 s, signed JWT access tokens for the API audience.
 */
export function createProvider(options: { config: Config; db: AppDb; keys: SigningKeys; cookieKey: string }) {
  const { config, db, keys } = options;
  const audience = config.oidc.audience;
  const configuration: Configuration = {
    adapter: createAdapterClass(db),
    clients: [
      {
        client_id: config.oidc.clientId,
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: signingAlgorithm,
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/oauth-redirect`],
        post_logout_redirect_uris: [`${config.publicUrl}/login`, config.publicUrl],
      },
    ],
    jwks: { keys: keys.privateJwks as never },
    cookies: { keys: [options.cookieKey], long: { signed: true }, short: { signed: true } },
    findAccount: (_ctx, id) => findAccount(db, id),
    // Access tokens carry the e-mail, as external providers' do: an API that trusts this provider
    // as an external one matches its users by it.
    // They also name their grant, so the API can refuse them once it is revoked (logout, revocation,
    // refresh token reuse, password reset).
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const account = await findAccount(db, token.accountId);
      if (!account) return undefined;
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return { email: (await account.claims()).email, ...(grantId ? { [grantIdClaim]: grantId } : {}) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', apiScope],
    responseTypes: ['code'],
    pkce: { required: () => true },
    // The web app is served from the issuer's origin: only it may call (browsers send Origin
    // on the same-origin token POST too); no cross-origin callers.
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    rotateRefreshToken: true,
    ttl: tokenTtl,
    interactions: { url: (_ctx, interaction) => `${idpMountPath}/interaction/${interaction.uid}` },
    // Issue 16.3: a one-time ticket from an activation signs the person in without their password;
    // a notice says why an anonymous visitor was sent to sign in (a revoked or unknown activation link);
    // an activation or sign-up with single sign-on goes on at the company's provider with its ticket.
    extraParams: [signInTicketParam, signInNoticeParam, ssoTicketParam],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: apiScope,
            audience,
            accessTokenTTL: tokenTtl.AccessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: signingAlgorithm } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const { t, locale } = translator(ctx.get('accept-language'));
          ctx.type = 'html';
          ctx.body = signOutPage({ t, locale, form });
        },
        postLogoutSuccessSource: async (ctx) => {
          const { t, locale } = translator(ctx.get('accept-language'));
          ctx.type = 'html';
          ctx.body = messagePage({
            t,
            locale,
            title: t('signedOut'),
            message: t('signedOut'),
            linkHref: `${config.publicUrl}/login`,
          });
        },
      },
    },
    renderError: async (ctx, _out, error) => {
      const { t, locale } = translator(ctx.get('accept-language'));
      const expired = error instanceof errors.SessionNotFound || /interaction session/i.test(String(error));
      ctx.type = 'html';
      ctx.body = messagePage({
        t,
        locale,
        title: t('errorTitle'),
        message: expired ? t('sessionExpired') : t('errorBody'),
        linkHref: `${config.publicUrl}/login`,
      });
    },
  };
  const provider = new Provider(config.oidc.issuer, configuration);
  provider.proxy = true;
  return provider;
}
