import { type SignInNotice, signInNoticeParam, ssoTicketParam } from '@formwork/shared/errors';
import type { AuthConfig } from '@formwork/shared/schemas/identity';
import type { User, UserManager } from 'oidc-client-ts';
import { apiRequest, setTokenSource } from './http.ts';

/**
 * Renew the access token this long before it expires. Spec 9's 21600 s was a quarter of the old
 * 8-hour token; tokens now live 10 minutes (the server's tokenTtl), so a request renews the token
 * once less than a minute of it is left, and never sends one that may expire on the way.
 */
export const renewBeforeExpirySeconds = 60;
const renewalLock = 'formwork:token-renewal';
const returnToKey = 'formwork:return-to';

/** What callers need of a session: the bearer token. */
export type Session = Pick<User, 'access_token'>;

let manager: Promise<UserManager> | undefined;
let config: AuthConfig | undefined;
let sendingTokens = false;

/** From the first use of the session on, API calls carry its access token. */
function sendTokens() {
  if (sendingTokens) return;
  sendingTokens = true;
  setTokenSource(async () => (await currentUser())?.access_token);
}

export async function authConfig(): Promise<AuthConfig> {
  config ??= await apiRequest<AuthConfig>('/api/auth/config', { anonymous: true });
  return config;
}

/**
 * The OIDC client (authorization code + PKCE, refresh tokens), created once. The library loads on
 * first use, not with the app (issue 15.4): a signed-in page starts from the stored session
 * (storedSession) and needs the client only to renew, sign in or out.
 */
export function userManager(): Promise<UserManager> {
  sendTokens();
  manager ??= createManager();
  manager.catch(() => {
    manager = undefined;
  });
  return manager;
}

async function createManager(): Promise<UserManager> {
  const [c, { UserManager, WebStorageStateStore }] = await Promise.all([authConfig(), import('oidc-client-ts')]);
  const origin = window.location.origin;
  return new UserManager({
    authority: c.issuer,
    client_id: c.clientId,
    redirect_uri: `${origin}/oauth-redirect`,
    post_logout_redirect_uri: `${origin}/login`,
    response_type: 'code',
    scope: c.scope,
    // Refresh tokens for offline_access are issued only when consent is prompted.
    prompt: 'consent',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renewal happens in currentUser(), once at a time across tabs: refresh tokens rotate, and two
    // renewals with the same one (each tab's own timer, or requests made together) would be taken
    // for a stolen token and revoke the sign-in.
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: renewBeforeExpirySeconds,
    loadUserInfo: false,
    revokeTokenTypes: ['refresh_token'],
  });
}

/**
 * The session the OIDC client keeps in its user store (localStorage, key
 * `oidc.user:<authority>:<client_id>`, as oidc-client-ts writes it) while its access token is not
 * due for renewal. Read without the library.
 */
function storedSession(c: AuthConfig): Session | undefined {
  try {
    const raw = localStorage.getItem(`oidc.user:${c.issuer}:${c.clientId}`);
    const stored = raw ? (JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown }) : undefined;
    if (
      typeof stored?.access_token === 'string' &&
      typeof stored.expires_at === 'number' &&
      stored.expires_at - Date.now() / 1000 >= renewBeforeExpirySeconds
    ) {
      return { access_token: stored.access_token };
    }
  } catch {
    // Unreadable storage: the client decides below.
  }
  return undefined;
}

const renewalDue = (user: User) => user.expired || (user.expires_in ?? 0) < renewBeforeExpirySeconds;
let renewing: Promise<User | null> | undefined;

/** The signed-in session with an access token good for at least a minute, renewed first if need be. */
export async function currentUser(): Promise<Session | null> {
  sendTokens();
  const stored = storedSession(await authConfig());
  if (stored) return stored;
  const m = await userManager();
  const user = await m.getUser();
  if (user && !renewalDue(user)) return user;
  if (!user?.refresh_token) return user && !user.expired ? user : null;
  renewing ??= renewOnce(m).finally(() => {
    renewing = undefined;
  });
  return renewing;
}

/** One renewal in this tab, and under a lock shared by the tabs (another may have just renewed). */
async function renewOnce(m: UserManager): Promise<User | null> {
  const renew = async () => {
    const stored = await m.getUser();
    if (stored && !renewalDue(stored)) return stored;
    if (!stored?.refresh_token) return null;
    try {
      return await m.signinSilent();
    } catch {
      if (!stored.expired) return stored;
      await m.removeUser();
      return null;
    }
  };
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(renewalLock, renew) : renew();
}

/** Only same-site paths may be a return address. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

export function storeReturnTo(path: string | undefined) {
  if (path) sessionStorage.setItem(returnToKey, path);
  else sessionStorage.removeItem(returnToKey);
}

export function takeReturnTo(): string | undefined {
  const value = sessionStorage.getItem(returnToKey) ?? undefined;
  sessionStorage.removeItem(returnToKey);
  return safeReturnPath(value);
}

/**
 * Starts the provider's sign-in. `activationTicket` (issue 16.3) signs a person who just activated
 * their invitation in without asking for the password again; `ssoTicket` sends a person who
 * activates or signs up with single sign-on to their company's sign-in; `loginHint` fills in the e-mail;
 * `notice` says on the sign-in page why the visitor is there.
 */
export async function startSignIn(
  options: { activationTicket?: string; ssoTicket?: string; loginHint?: string; notice?: SignInNotice } = {},
) {
  const extraQueryParams: Record<string, string> = {};
  if (options.activationTicket) extraQueryParams.activation_ticket = options.activationTicket;
  // Issues 16.3, 17.1: an activation or sign-up with single sign-on goes on at the company's sign-in.
  if (options.ssoTicket) extraQueryParams[ssoTicketParam] = options.ssoTicket;
  // Shown on the provider's sign-in page: the reason the visitor was sent there survives the redirect.
  if (options.notice) extraQueryParams[signInNoticeParam] = options.notice;
  await (await userManager()).signinRedirect({
    // Issue 26: the sign-in pages speak the app's language (i18n sets the page's lang).
    ui_locales: document.documentElement.lang,
    ...(options.loginHint ? { login_hint: options.loginHint } : {}),
    ...(Object.keys(extraQueryParams).length > 0 ? { extraQueryParams } : {}),
  });
}

export async function completeSignIn(): Promise<User> {
  return (await userManager()).signinRedirectCallback();
}

/** Ends the app session and the provider's, and revokes the refresh token so it cannot be reused. */
export async function signOut() {
  const m = await userManager();
  const user = await m.getUser();
  try {
    if (user?.refresh_token) await m.revokeTokens(['refresh_token']);
  } catch {
    // The session still ends at the provider below.
  }
  await m.removeUser();
  await m.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
}

/** The provider's forgot-password page, with the e-mail and client id (spec 2.3). */
export async function changePasswordUrl(email: string): Promise<string> {
  const c = await authConfig();
  const base = c.embedded ? `${c.issuer}/forgot-password` : `${c.issuer}`;
  return `${base}?${new URLSearchParams({ email, client_id: c.clientId })}`;
}
