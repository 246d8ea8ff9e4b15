import { type Locale, localeConventions, locales } from '@formwork/shared/locales';
import { passwordRules } from '@formwork/shared/schemas/identity';
import { passwordRuleText, type Translate } from './messages.ts';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The sign-in pages' language switch: each offered locale, named in its own language, and its address. */
export type LanguageSwitch = { t: Translate; hrefFor: (locale: Locale) => string };

type Page = {
  locale: string;
  title: string;
  body: string;
  script?: string;
  refreshTo?: string;
  languages?: LanguageSwitch | undefined;
};

function languageSwitch(current: string, { t, hrefFor }: LanguageSwitch): string {
  const links = locales.map((locale) =>
    locale === current
      ? `<li><span aria-current="true" lang="${locale}">${escapeHtml(localeConventions[locale].name)}</span></li>`
      : `<li><a href="${escapeHtml(hrefFor(locale))}" lang="${locale}" hreflang="${locale}">${escapeHtml(localeConventions[locale].name)}</a></li>`,
  );
  return `<nav class="languages" aria-label="${escapeHtml(t('language'))}"><ul>${links.join('')}</ul></nav>`;
}

function layout({ locale, title, body, script, refreshTo, languages }: Page): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refreshTo ? `<meta http-equiv="refresh" content="1;url=${escapeHtml(refreshTo)}">` : ''}
<title>${escapeHtml(title)} · Formwork</title>
<link rel="icon" href="/favicon.svg">
<link rel="stylesheet" href="/idp/assets/idp.css">
${script ? `<script src="/idp/assets/${script}" defer></script>` : ''}
</head>
<body>
<main class="card">
<div class="brand" aria-hidden="true"><span class="mark">F</span> Formwork</div>
${body}
</main>
${languages ? languageSwitch(locale, languages) : ''}
</body>
</html>`;
}

function alert(message: string | undefined, kind: 'error' | 'success' = 'error'): string {
  if (!message) return '';
  return `<p class="alert ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</p>`;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

export type SignInPage = {
  t: Translate;
  locale: string;
  action: string;
  csrf: string;
  email?: string;
  error?: string;
  /** Why the visitor was sent here, from the web app (already translated). */
  notice?: string;
  forgotHref: string;
  languages?: LanguageSwitch;
};

export function signInPage({
  t,
  locale,
  action,
  csrf,
  email,
  error,
  notice,
  forgotHref,
  languages,
}: SignInPage): string {
  return layout({
    locale,
    languages,
    title: t('signIn'),
    body: `<h1>${escapeHtml(t('signInTitle'))}</h1>
<p class="muted">${escapeHtml(t('signInSubtitle'))}</p>
${alert(error ?? notice)}
<form method="post" action="${escapeHtml(action)}" novalidate>
${hidden('csrf', csrf)}
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required${email ? '' : ' autofocus'} value="${escapeHtml(email ?? '')}"${error ? ' aria-invalid="true"' : ''}>
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}${error ? ' aria-invalid="true"' : ''}>
<button type="submit">${escapeHtml(t('signIn'))}</button>
</form>
<p class="links"><a href="${escapeHtml(forgotHref)}">${escapeHtml(t('forgotPassword'))}</a></p>`,
  });
}

export type ForgotPage = {
  t: Translate;
  locale: string;
  action: string;
  csrf: string;
  email?: string;
  error?: string;
  sent?: boolean;
  signInHref: string;
  languages?: LanguageSwitch;
};

export function forgotPasswordPage({
  t,
  locale,
  action,
  csrf,
  email,
  error,
  sent,
  signInHref,
  languages,
}: ForgotPage): string {
  const form = sent
    ? alert(t('forgotSent'), 'success')
    : `${alert(error)}
<form method="post" action="${escapeHtml(action)}" novalidate>
${hidden('csrf', csrf)}
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email ?? '')}">
<button type="submit">${escapeHtml(t('sendLink'))}</button>
</form>`;
  return layout({
    locale,
    languages,
    title: t('forgotTitle'),
    body: `<h1>${escapeHtml(t('forgotTitle'))}</h1>
<p class="muted">${escapeHtml(t('forgotSubtitle'))}</p>
${form}
<p class="links"><a href="${escapeHtml(signInHref)}">${escapeHtml(t('backToSignIn'))}</a></p>`,
  });
}

export type ResetPage = {
  t: Translate;
  locale: string;
  action: string;
  csrf: string;
  token: string;
  errors?: string[];
  done?: boolean;
  invalid?: boolean;
  signInHref: string;
  languages?: LanguageSwitch;
};

export function resetPasswordPage({
  t,
  locale,
  action,
  csrf,
  token,
  errors = [],
  done,
  invalid,
  signInHref,
  languages,
}: ResetPage): string {
  let content: string;
  if (done) content = alert(t('resetDone'), 'success');
  else if (invalid) content = alert(t('resetInvalid'));
  else {
    const rules = passwordRules.map((r) => `<li>${escapeHtml(passwordRuleText(t, r.id))}</li>`).join('');
    content = `${errors.map((e) => alert(e)).join('')}
<form method="post" action="${escapeHtml(action)}" novalidate>
${hidden('csrf', csrf)}${hidden('token', token)}
<label for="password">${escapeHtml(t('newPassword'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="rules">
<div id="rules" class="muted"><p>${escapeHtml(t('passwordRules'))}</p><ul>${rules}</ul></div>
<label for="confirm">${escapeHtml(t('confirmPassword'))}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">${escapeHtml(t('savePassword'))}</button>
</form>`;
  }
  return layout({
    locale,
    languages,
    title: t('resetTitle'),
    body: `<h1>${escapeHtml(t('resetTitle'))}</h1>
${content}
<p class="links"><a href="${escapeHtml(signInHref)}">${escapeHtml(t('backToSignIn'))}</a></p>`,
  });
}

/** The provider's logout confirmation, submitted by a script at once (the button is the fallback). */
export function signOutPage({ t, locale, form }: { t: Translate; locale: string; form: string }): string {
  return layout({
    locale,
    title: t('signOutTitle'),
    script: 'sign-out.js',
    body: `<h1>${escapeHtml(t('signOutTitle'))}</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t('signOutButton'))}</button>`,
  });
}

export function messagePage({
  t,
  locale,
  title,
  message,
  linkHref,
}: {
  t: Translate;
  locale: string;
  title: string;
  message: string;
  linkHref?: string;
}): string {
  return layout({
    locale,
    title,
    body: `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${linkHref ? `<p class="links"><a href="${escapeHtml(linkHref)}">${escapeHtml(t('backToSignIn'))}</a></p>` : ''}`,
  });
}

/**
 * Spec 1, 8.1: a person of a workspace's verified domain signs in at its own provider; the page
 * says so (ssoRedirectionMessage) and moves on by itself a second later, or by the link.
 */
export function ssoRedirectPage({ t, locale, href }: { t: Translate; locale: string; href: string }): string {
  return layout({
    locale,
    title: t('signIn'),
    refreshTo: href,
    body: `<h1>${escapeHtml(t('signInTitle'))}</h1>
<p role="status">${escapeHtml(t('ssoRedirectionMessage'))}</p>
<p class="links"><a href="${escapeHtml(href)}" id="sso-continue">${escapeHtml(t('ssoContinue'))}</a></p>`,
  });
}
