import type { AuthConfig } from '@formwork/shared/schemas/identity';
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { apiRequest, setTokenSource } from './http.ts';

/** Spec 9: renew the access token 21600 s before it expires. */
export const renewBeforeExpirySeconds = 21600;
const returnToKey = 'formwork:return-to';

let manager: UserManager | undefined;
let config: AuthConfig | undefined;

export async function authConfig(): Promise<AuthConfig> {
  config ??= await apiRequest<AuthConfig>('/api/auth/config', { anonymous: true });
  return config;
}

/** The OIDC client (authorization code + PKCE, refresh tokens, silent renewal), created once. */
export async function userManager(): Promise<UserManager> {
  if (manager) return manager;
  const c = await authConfig();
  const origin = window.location.origin;
  manager = new UserManager({
    authority: c.issuer,
    client_id: c.clientId,
    redirect_uri: `${origin}/oauth-redirect`,
    post_logout_redirect_uri: `${origin}/login`,
    response_type: 'code',
    scope: c.scope,
    // Refresh tokens for offline_access are issued only when consent is prompted.
    prompt: 'consent',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: renewBeforeExpirySeconds,
    loadUserInfo: false,
    revokeTokenTypes: ['refresh_token'],
  });
  setTokenSource(async () => (await currentUser())?.access_token);
  return manager;
}

export async function currentUser(): Promise<User | null> {
  const m = await userManager();
  const user = await m.getUser();
  if (user && !user.expired) return user;
  if (user?.refresh_token) {
    try {
      return await m.signinSilent();
    } catch {
      await m.removeUser();
    }
  }
  return null;
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

export async function startSignIn() {
  await (await userManager()).signinRedirect();
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
