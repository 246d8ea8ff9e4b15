import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signInNoticeParam, signInNotices, ssoTicketParam } from '@formwork/shared/errors';
import { isLocale } from '@formwork/shared/locales';
import { emailSchema } from '@formwork/shared/schemas/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import type { AppDb } from '../db/client.ts';
import type { App } from '../http/types.ts';
import {
  passwordProblems,
  redeemSignInTicket,
  requestPasswordReset,
  resetPassword,
  resetTokenIsUsable,
  signInWithPassword,
} from '../modules/identity/credentials.service.ts';
import { completeSsoActivation, ssoActivationKind } from '../modules/people/activation.service.ts';
import { completeSsoSignup, ssoSignupKind } from '../modules/signup/signup.service.ts';
import {
  type FollowUpHandlers,
  handleCallback,
  redeemSignIn,
  type SsoDeps,
  singleSignOnFor,
  singleSignOnForTicket,
  ssoCallbackPath,
} from '../modules/sso/sso.service.ts';
import { revokeAllForAccount } from './adapter.ts';
import { passwordRuleText, translator, waitText } from './messages.ts';
import {
  forgotPasswordPage,
  type LanguageSwitch,
  messagePage,
  resetPasswordPage,
  signInPage,
  ssoRedirectPage,
} from './pages.ts';
import { idpMountPath, signInTicketParam } from './provider.ts';

const publicAccess = { access: { public: true } } as const;
const csrfCookie = 'fw_idp_csrf';
/** Spec 1's key `locale`: the sign-in pages' language switch keeps its choice here. */
const localeCookie = 'locale';

const assets: Record<string, { type: string; body: Buffer }> = Object.fromEntries(
  ['idp.css', 'sign-out.js'].map((name) => [
    name,
    {
      type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      body: readFileSync(path.join(import.meta.dirname, 'assets', name)),
    },
  ]),
);

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Double-submit token: a random cookie (strict, http-only) echoed in a hidden form field. */
function csrfToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readCookie(request, csrfCookie);
  if (existing && /^[A-Za-z0-9_-]{32,}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  reply.header(
    'set-cookie',
    `${csrfCookie}=${token}; Path=${idpMountPath}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
  return token;
}

function csrfValid(request: FastifyRequest, submitted: unknown): boolean {
  const cookie = readCookie(request, csrfCookie);
  if (!cookie || typeof submitted !== 'string' || cookie.length !== submitted.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted));
}

type FormBody = Record<string, string | undefined>;

function html(reply: FastifyReply, status: number, page: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/**
 * The embedded provider under /idp: oidc-provider's own endpoints (raw bodies passed through,
 * request handed over after hijack), and our server-rendered sign-in, forgot and reset pages.
 */
export function idpRoutes(options: { provider: Provider; config: Config; db: AppDb; sso: SsoDeps }) {
  const { provider, config, db, sso } = options;
  const secure = config.publicUrl.startsWith('https://');
  const signInHref = `${config.publicUrl}/login`;
  const forgotHref = (email?: string) =>
    `${idpMountPath}/forgot-password?${new URLSearchParams({ client_id: config.oidc.clientId, ...(email ? { email } : {}) })}`;
  /**
   * Issue 26: the language the switch chose (?locale=, then kept in the locale cookie), else the
   * web app's (ui_locales of the sign-in request), else the browser's.
   */
  const i18n = (request: FastifyRequest, uiLocales?: unknown, page: string = request.url) => {
    const query = request.query as FormBody | undefined;
    const asked = [
      query?.locale,
      readCookie(request, localeCookie),
      typeof uiLocales === 'string' ? uiLocales : query?.ui_locales,
      request.headers['accept-language'],
    ];
    const { t, locale } = translator(asked.filter(Boolean).join(','));
    const languages: LanguageSwitch = {
      t,
      hrefFor: (to) => {
        const url = new URL(page, config.publicUrl);
        url.searchParams.set('locale', to);
        return `${url.pathname}${url.search}`;
      },
    };
    return { t, locale, languages };
  };
  // What a ticket of a single sign-on activation or sign-up is for, done once the provider proved the address.
  const followUps: FollowUpHandlers = {
    [ssoActivationKind]: (data, person) => completeSsoActivation(db, data, person),
    [ssoSignupKind]: (data, person) => completeSsoSignup(db, data, person),
  };

  return async (app: App) => {
    // oidc-provider reads its own bodies: this context leaves the request stream untouched.
    await app.register(async (passthrough) => {
      passthrough.removeAllContentTypeParsers();
      passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const callback = provider.callback();
      passthrough.route({
        method: ['GET', 'POST', 'OPTIONS'],
        url: `${idpMountPath}/*`,
        config: publicAccess,
        schema: { hide: true },
        handler: (request, reply) => {
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (value !== undefined) reply.raw.setHeader(name, value as string);
          }
          reply.hijack();
          const raw = request.raw as typeof request.raw & { originalUrl?: string };
          raw.originalUrl = raw.url;
          raw.url = (raw.url ?? '').slice(idpMountPath.length) || '/';
          callback(raw, reply.raw);
        },
      });
    });

    await app.register(async (pages) => {
      // Issue 26: the language switch's choice is kept for the next pages (the form posts, the reset link).
      pages.addHook('onRequest', async (request, reply) => {
        const asked = (request.query as FormBody | undefined)?.locale;
        if (isLocale(asked))
          reply.header(
            'set-cookie',
            `${localeCookie}=${asked}; Path=${idpMountPath}; Max-Age=31536000; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
          );
      });
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      pages.get(
        `${idpMountPath}/assets/:file`,
        { config: publicAccess, schema: { hide: true } },
        async (request, reply) => {
          const asset = assets[(request.params as { file: string }).file];
          if (!asset) return reply.callNotFound();
          return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
        },
      );

      pages.get(
        `${idpMountPath}/interaction/:uid`,
        { config: publicAccess, schema: { hide: true } },
        async (request, reply) => {
          let details: Awaited<ReturnType<Provider['interactionDetails']>>;
          try {
            details = await provider.interactionDetails(request.raw, reply.raw);
          } catch {
            const { t, locale } = i18n(request);
            return html(
              reply,
              400,
              messagePage({ t, locale, title: t('errorTitle'), message: t('sessionExpired'), linkHref: signInHref }),
            );
          }
          const { t, locale, languages } = i18n(request, details.params.ui_locales);
          if (details.prompt.name === 'consent') {
            const redirectTo = await provider.interactionResult(
              request.raw,
              reply.raw,
              await firstPartyConsent(provider, details, config),
              {
                mergeWithLastSubmission: true,
              },
            );
            return reply.redirect(redirectTo, 303);
          }
          // Issue 16.3: straight after activating, the person is signed in by their one-time ticket.
          const ticket = details.params[signInTicketParam];
          if (details.prompt.name === 'login' && typeof ticket === 'string' && ticket) {
            const accountId = await redeemSignInTicket(db, ticket);
            if (accountId) {
              const redirectTo = await provider.interactionResult(
                request.raw,
                reply.raw,
                { login: { accountId } },
                { mergeWithLastSubmission: false },
              );
              return reply.redirect(redirectTo, 303);
            }
          }
          // Issues 16.3, 17.1: an activation or sign-up with single sign-on goes on at the company's provider.
          const ssoTicket = details.params[ssoTicketParam];
          if (details.prompt.name === 'login' && typeof ssoTicket === 'string' && ssoTicket) {
            const href = await singleSignOnForTicket(sso, ssoTicket, details.uid).catch(() => undefined);
            if (href) return html(reply, 200, ssoRedirectPage({ t, locale, href }));
            return html(
              reply,
              400,
              messagePage({ t, locale, title: t('errorTitle'), message: t('ssoTicketInvalid'), linkHref: signInHref }),
            );
          }
          const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
          // Spec 1: the e-mail decides. A person of a workspace's verified domain with single
          // sign-on goes to that workspace's provider; nobody else is told anything.
          if (details.prompt.name === 'login' && hint && emailSchema.safeParse(hint).success) {
            const href = await singleSignOnFor(sso, hint.trim(), details.uid).catch(() => undefined);
            if (href) return html(reply, 200, ssoRedirectPage({ t, locale, href }));
          }
          const notice = signInNotices.find((n) => n === details.params[signInNoticeParam]);
          return html(
            reply,
            200,
            signInPage({
              t,
              locale,
              action: `${idpMountPath}/interaction/${details.uid}/login`,
              csrf: csrfToken(request, reply, secure),
              email: hint,
              ...(notice ? { notice: t(notice) } : {}),
              forgotHref: forgotHref(hint),
              languages,
            }),
          );
        },
      );

      pages.post(
        `${idpMountPath}/interaction/:uid/login`,
        { config: publicAccess, schema: { hide: true } },
        async (request, reply) => {
          const body = (request.body ?? {}) as FormBody;
          let details: Awaited<ReturnType<Provider['interactionDetails']>>;
          try {
            details = await provider.interactionDetails(request.raw, reply.raw);
          } catch {
            const { t, locale } = i18n(request);
            return html(
              reply,
              400,
              messagePage({ t, locale, title: t('errorTitle'), message: t('sessionExpired'), linkHref: signInHref }),
            );
          }
          const { t, locale, languages } = i18n(
            request,
            details.params.ui_locales,
            `${idpMountPath}/interaction/${details.uid}`,
          );
          const email = (body.email ?? '').trim();
          const rerender = (status: number, error: string) =>
            html(
              reply,
              status,
              signInPage({
                t,
                locale,
                action: `${idpMountPath}/interaction/${details.uid}/login`,
                csrf: csrfToken(request, reply, secure),
                email,
                error,
                forgotHref: forgotHref(email || undefined),
                languages,
              }),
            );
          if (!csrfValid(request, body.csrf)) return rerender(403, t('formExpired'));
          if (details.prompt.name !== 'login') return rerender(400, t('errorBody'));
          if (!emailSchema.safeParse(email).success) return rerender(400, t('wrongCredentials'));
          // Spec 1: people of a workspace's verified domains sign in at its provider, never with a
          // password here (a password typed anyway is not checked).
          let ssoHref: string | undefined;
          try {
            ssoHref = await singleSignOnFor(sso, email, details.uid);
          } catch {
            return rerender(503, t('ssoUnavailable'));
          }
          if (ssoHref) return html(reply, 200, ssoRedirectPage({ t, locale, href: ssoHref }));
          if (!body.password) return rerender(400, t('wrongCredentials'));
          const result = await signInWithPassword(db, { email, password: body.password, ip: request.ip });
          if (!result.ok && result.reason === 'tooManyAttempts') {
            reply.header('retry-after', String(Math.ceil(result.retryAfterMs / 1000)));
            return rerender(429, t('tooManyAttempts', { wait: waitText(t, result.retryAfterMs) }));
          }
          if (!result.ok) return rerender(401, t(result.reason));
          const redirectTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId: result.userId } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(redirectTo, 303);
        },
      );

      // The workspace provider's answer (the redirect URI registered there).
      pages.get(ssoCallbackPath, { config: publicAccess, schema: { hide: true } }, async (request, reply) => {
        const { t, locale } = i18n(request);
        const outcome = await handleCallback(sso, new URL(request.url, config.publicUrl), followUps);
        if (outcome.kind === 'signIn') {
          const query = new URLSearchParams({ state: outcome.state });
          return reply.redirect(`${idpMountPath}/interaction/${outcome.interactionUid}/sso?${query}`, 303);
        }
        if (outcome.kind === 'test') {
          return html(reply, 200, messagePage({ t, locale, title: t('signIn'), message: t('ssoTested') }));
        }
        return html(
          reply,
          403,
          messagePage({ t, locale, title: t('errorTitle'), message: t(outcome.reason), linkHref: signInHref }),
        );
      });

      // Back in the interaction (its cookie's path): the person the callback signed in.
      pages.get(
        `${idpMountPath}/interaction/:uid/sso`,
        { config: publicAccess, schema: { hide: true } },
        async (request, reply) => {
          const { t, locale } = i18n(request);
          const failed = () =>
            html(
              reply,
              400,
              messagePage({ t, locale, title: t('errorTitle'), message: t('sessionExpired'), linkHref: signInHref }),
            );
          let details: Awaited<ReturnType<Provider['interactionDetails']>>;
          try {
            details = await provider.interactionDetails(request.raw, reply.raw);
          } catch {
            return failed();
          }
          const state = (request.query as FormBody).state ?? '';
          const accountId = details.prompt.name === 'login' ? await redeemSignIn(db, state, details.uid) : undefined;
          if (!accountId) return failed();
          const redirectTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(redirectTo, 303);
        },
      );

      pages.get(
        `${idpMountPath}/forgot-password`,
        { config: publicAccess, schema: { hide: true } },
        async (request, reply) => {
          const { t, locale, languages } = i18n(request);
          const query = request.query as FormBody;
          return html(
            reply,
            200,
            forgotPasswordPage({
              t,
              locale,
              action: `${idpMountPath}/forgot-password`,
              csrf: csrfToken(request, reply, secure),
              email: query.email,
              signInHref,
              languages,
            }),
          );
        },
      );

      pages.post(
        `${idpMountPath}/forgot-password`,
        { config: publicAccess, schema: { hide: true } },
        async (request, reply) => {
          const { t, locale, languages } = i18n(request);
          const body = (request.body ?? {}) as FormBody;
          const email = (body.email ?? '').trim();
          const page = (status: number, extra: { error?: string; sent?: boolean }) =>
            html(
              reply,
              status,
              forgotPasswordPage({
                t,
                locale,
                action: `${idpMountPath}/forgot-password`,
                csrf: csrfToken(request, reply, secure),
                email,
                signInHref,
                languages,
                ...extra,
              }),
            );
          if (!csrfValid(request, body.csrf)) return page(403, { error: t('formExpired') });
          if (!emailSchema.safeParse(email).success) return page(400, { error: t('invalidEmail') });
          const requested = await requestPasswordReset(db, {
            email,
            ip: request.ip,
            resetUrl: (token) => `${config.publicUrl}${idpMountPath}/reset-password?token=${token}`,
            mail: (link) => ({ subject: t('resetMailSubject'), text: t('resetMailBody', { link }) }),
          });
          if (!requested.ok) {
            reply.header('retry-after', String(Math.ceil(requested.retryAfterMs / 1000)));
            return page(429, { error: t('tooManyResetRequests', { wait: waitText(t, requested.retryAfterMs) }) });
          }
          return page(200, { sent: true });
        },
      );

      pages.get(
        `${idpMountPath}/reset-password`,
        { config: publicAccess, schema: { hide: true } },
        async (request, reply) => {
          const { t, locale, languages } = i18n(request);
          const token = (request.query as FormBody).token ?? '';
          const usable = /^[A-Za-z0-9_-]{20,100}$/.test(token) && (await resetTokenIsUsable(db, token));
          return html(
            reply,
            usable ? 200 : 400,
            resetPasswordPage({
              t,
              locale,
              action: `${idpMountPath}/reset-password`,
              csrf: csrfToken(request, reply, secure),
              token,
              invalid: !usable,
              signInHref,
              languages,
            }),
          );
        },
      );

      pages.post(
        `${idpMountPath}/reset-password`,
        { config: publicAccess, schema: { hide: true } },
        async (request, reply) => {
          const body = (request.body ?? {}) as FormBody;
          const token = body.token ?? '';
          const { t, locale, languages } = i18n(
            request,
            undefined,
            `${idpMountPath}/reset-password?${new URLSearchParams({ token })}`,
          );
          const page = (status: number, extra: { errors?: string[]; done?: boolean; invalid?: boolean }) =>
            html(
              reply,
              status,
              resetPasswordPage({
                t,
                locale,
                action: `${idpMountPath}/reset-password`,
                csrf: csrfToken(request, reply, secure),
                token,
                signInHref,
                languages,
                ...extra,
              }),
            );
          if (!csrfValid(request, body.csrf)) return page(403, { errors: [t('formExpired')] });
          const password = body.password ?? '';
          const problems = passwordProblems(password).map((rule) => passwordRuleText(t, rule));
          if (password !== (body.confirm ?? '')) problems.push(t('passwordsDiffer'));
          if (problems.length > 0) return page(400, { errors: problems });
          const userId = /^[A-Za-z0-9_-]{20,100}$/.test(token)
            ? await resetPassword(db, { token, password })
            : undefined;
          if (!userId) return page(400, { invalid: true });
          await revokeAllForAccount(db, userId);
          return page(200, { done: true });
        },
      );
    });
  };
}

/** Formwork's own web app needs no consent screen: the grant covers what it asked for. */
async function firstPartyConsent(
  provider: Provider,
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
  config: Config,
) {
  const { params, session, prompt } = details;
  if (params.client_id !== config.oidc.clientId || !session?.accountId) {
    return { error: 'access_denied', error_description: 'Consent is only given to Formwork itself' };
  }
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ??
      new provider.Grant({ accountId: session.accountId, clientId: config.oidc.clientId }))
    : new provider.Grant({ accountId: session.accountId, clientId: config.oidc.clientId });
  const missing = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return { consent: { grantId: await grant.save() } };
}
