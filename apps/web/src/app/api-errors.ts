import { HttpError, ping } from '../lib/http.ts';
import { externalLinks } from '../lib/links.ts';
import { problemMessage } from '../lib/problem-message.ts';
import type { showToast } from '../lib/toast.tsx';
import type { TFunction } from '../lib/translate.tsx';

export type ApiErrorEffects = {
  t: TFunction;
  toast: typeof showToast;
  signOut: () => void;
  openFirewallModal: () => void;
};

/** Spec 8.1: after a single sign-on 401, sign out after this delay. */
export const ssoLogoutDelayMs = 2000;

/**
 * The one place transport errors turn into what the user sees (spec 8.1). Screens that handle an
 * error themselves mark their query or mutation with `meta: { handlesErrors: true }`.
 */
export async function handleApiError(error: unknown, effects: ApiErrorEffects) {
  if (!(error instanceof HttpError)) {
    effects.toast('error', effects.t('errors.generic'));
    return;
  }
  if (error.status === 401) {
    if (error.problem?.meta?.ssoEnabled === true) {
      effects.toast('error', effects.t('errors.unauthorizedSSO'));
      setTimeout(effects.signOut, ssoLogoutDelayMs);
      return;
    }
    effects.toast('error', effects.t('errors.sessionExpired'));
    effects.signOut();
    return;
  }
  if (error.status === 0) {
    const [globalReachable, productReachable] = await Promise.all([
      ping('/api/user/server-ping'),
      ping('/api/server-ping'),
    ]);
    if (!globalReachable) {
      effects.openFirewallModal();
      return;
    }
    if (!productReachable) {
      effects.toast('error', effects.t('errors.apiUnreachable'));
      return;
    }
    effects.toast('error', effects.t('errors.cannotConnect'), {
      link: { href: externalLinks.firewallHelp, label: effects.t('errors.firewallHelp') },
    });
    return;
  }
  if (error.status >= 500) {
    effects.toast('error', effects.t('errors.generic'));
    return;
  }
  // 4xx: the server's message, in its words (spec 8.2: "other errors show the server message").
  effects.toast('error', problemMessage(error, effects.t));
}
