/**
 * Texts of the provider's own pages, per locale; en-US is complete and the fallback. The web app
 * has its own translation files; these pages render on the server before the app is loaded.
 */
const enUS = {
  signInTitle: 'Sign in to Formwork',
  // The notices the web app may send along (shared errors.ts signInNotices; spec 8.2 wording).
  activationIdRevoked: 'Your invitation is no longer valid',
  activationIdInvalid: 'Invalid activation code',
  signInSubtitle:
    'Use your work e-mail and password. If your organisation uses single sign-on, enter your e-mail and sign in.',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  forgotPassword: 'Forgot your password?',
  wrongCredentials: 'The email or password is incorrect. Please try again.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again in {wait}, or reset your password.',
  tooManyResetRequests: 'Too many reset requests. Please try again in {wait}.',
  waitSeconds: '{count} seconds',
  waitOneMinute: '1 minute',
  waitMinutes: '{count} minutes',
  ssoAccount: 'Your organisation signs in with single sign-on. Please use your company sign-in.',
  ssoRedirectionMessage: 'Your organisation signs in with single sign-on. Redirecting you to your company sign-in...',
  ssoContinue: 'Continue to your company sign-in',
  ssoUnavailable: "Your organisation's sign-in service can't be reached right now. Please try again later.",
  ssoFailed: 'The sign-in at your company could not be completed. Please try again.',
  ssoDomainNotVerified:
    "Your company sign-in answered with an e-mail address outside your organisation's verified domains.",
  ssoDeactivated: 'Your access to this workspace has been deactivated. Please contact your administrator.',
  ssoTested: 'The sign-in worked. You can close this page and save the connection in Formwork.',
  ssoWrongAccount:
    'Your company sign-in answered with another e-mail address than the one you are activating or signing up with. Sign in there with that address and try again.',
  ssoTicketInvalid: 'This sign-in link has expired or was already used. Please start again.',
  forgotTitle: 'Reset your password',
  forgotSubtitle: "Enter your e-mail and we'll send you a link to choose a new password.",
  sendLink: 'Send reset link',
  forgotSent:
    "If an account exists for that e-mail, we've sent a link to reset your password. The link works for one hour.",
  backToSignIn: 'Back to sign in',
  resetTitle: 'Choose a new password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  savePassword: 'Save password',
  passwordsDiffer: 'The passwords do not match.',
  passwordRules: 'Your password needs:',
  resetDone: 'Your password has been changed. You can now sign in with it.',
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  invalidEmail: 'Please enter a valid email address in the format name@example.com.',
  required: 'Required',
  formExpired: 'This page has expired. Please try again.',
  signOutTitle: 'Signing you out…',
  signOutButton: 'Sign out',
  signedOut: 'You have been signed out.',
  errorTitle: 'Something went wrong',
  errorBody: 'The sign-in request could not be completed. Please go back to Formwork and try again.',
  sessionExpired: 'Your sign-in took too long and has expired. Please start again.',
  resetMailSubject: 'Reset your Formwork password',
  resetMailBody:
    'Someone asked to reset the password of your Formwork account.\n\nChoose a new password here (the link works for one hour):\n{link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.',
} as const;

export type MessageKey = keyof typeof enUS;
type Messages = Record<MessageKey, string>;

const locales: Record<string, Messages> = { 'en-US': enUS };

export type Translate = (key: MessageKey, values?: Record<string, string>) => string;

/** "in 30 seconds", "in 4 minutes": how long a throttled attempt must wait, rounded up. */
export function waitText(t: Translate, ms: number): string {
  if (ms <= 60_000) return t('waitSeconds', { count: String(Math.max(1, Math.ceil(ms / 1000))) });
  const minutes = Math.ceil(ms / 60_000);
  return minutes === 1 ? t('waitOneMinute') : t('waitMinutes', { count: String(minutes) });
}

/** Picks the first supported locale of `ui_locales` or Accept-Language, else en-US. */
export function translator(preferred: string | undefined): { locale: string; t: Translate } {
  const candidates = (preferred ?? '')
    .split(/[\s,]+/)
    .map((part) => part.split(';')[0]?.trim())
    .filter(Boolean) as string[];
  const locale = candidates.find((c) => c in locales) ?? 'en-US';
  const messages = locales[locale] as Messages;
  return {
    locale,
    t: (key, values = {}) => messages[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? ''),
  };
}
