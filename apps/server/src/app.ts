import { randomUUID } from 'node:crypto';
import type { Span } from '@opentelemetry/api';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { enforceRouteAccess, type RouteAccessRow, routeFolderMatch } from './authz/route-access.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError } from './errors.ts';
import { createApiTokenLimits } from './http/api-token-limits.ts';
import { createTokenVerifier, registerAuthentication } from './http/auth.ts';
import { registerCompression } from './http/compression.ts';
import { handleError } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { App } from './http/types.ts';
import { buildHeader, isClientRoute, readWebBuild, registerWebApp } from './http/web-app.ts';
import { idpRoutes } from './idp/idp.routes.ts';
import { loadSecret, loadSigningKeys } from './idp/keys.ts';
import { createProvider } from './idp/provider.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { checkoutRoutes } from './modules/accounts/checkout.routes.ts';
import { createPaymentProvider } from './modules/accounts/payment-providers.ts';
import { actionRoutes } from './modules/actions/actions.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { domainRoutes } from './modules/domains/domains.routes.ts';
import { embedOriginRoutes, embedPageRoutes } from './modules/embeds/embeds.routes.ts';
import { fileRoutes } from './modules/files/files.routes.ts';
import { folderRoutes } from './modules/folders/folders.routes.ts';
import { formPdfRoutes } from './modules/form-pdf/form-pdf.routes.ts';
import { bulkFormRoutes } from './modules/forms/bulk-forms.routes.ts';
import { formRoutes } from './modules/forms/forms.routes.ts';
import { registerRoutes } from './modules/forms/register.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createMetrics } from './modules/health/metrics.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { apiTokenRoutes } from './modules/integrations/api-tokens.routes.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { linkSubmissionRoutes } from './modules/links/link-submissions.routes.ts';
import { linkRoutes } from './modules/links/links.routes.ts';
import { listRoutes } from './modules/lists/lists.routes.ts';
import { macroRoutes } from './modules/macros/macros.routes.ts';
import { Breadcrumbs, createErrorReporter, type ErrorReporter, sentrySink } from './modules/ops/error-reporter.ts';
import { errorReportRoutes } from './modules/ops/error-reports.routes.ts';
import { localSink } from './modules/ops/error-reports.service.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { photoRoutes } from './modules/photos/photos.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { signupRoutes } from './modules/signup/signup.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import type { SsoDeps } from './modules/sso/sso.service.ts';
import { secretBox } from './modules/sso/sso-secrets.ts';
import { tabRoutes } from './modules/tabs/tabs.routes.ts';
import { templateImportRoutes } from './modules/template-imports/template-imports.routes.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { workspaceRoutes } from './modules/workspaces/workspaces.routes.ts';
import { endRequestSpan, startRequestSpan, type Tracing } from './observability/tracing.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Where the logs go; standard output unless given (tests read what the app logs). */
  logStream?: DestinationStream;
  /** Traces to a collector (OTEL_EXPORTER_OTLP_ENDPOINT); none: nothing is traced. */
  tracing?: Tracing;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    routeAccess: RouteAccessRow[];
    /** Error reports (issue 25.2): to SENTRY_DSN, else the error_reports table. */
    errorReporter: ErrorReporter;
  }
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/** Unique across processes (a random boot prefix) and cheap per request (a counter). */
function requestIdGenerator() {
  const boot = randomUUID().slice(0, 8);
  let counter = 0;
  return () => `${boot}-${(++counter).toString(36)}`;
}

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Credentials never reach the logs.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'request.headers.authorization',
      'request.headers.cookie',
      'res.headers["set-cookie"]',
    ],
  };
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const nextRequestId = requestIdGenerator();
  const applySecurityHeaders = securityHeaders({
    // The web app talks to an external provider directly (discovery, tokens): allow its origin.
    extraOrigins: deps.config.oidc.embedded ? [] : [new URL(deps.config.oidc.issuer).origin],
    // The map's tiles, when configured, are images from their server.
    imageOrigins: deps.config.mapTiles ? [new URL(deps.config.mapTiles.urlTemplate).origin] : [],
    https: deps.config.publicUrl.startsWith('https://'),
  });
  const app = Fastify({
    logger: loggerOptions(deps.config, deps.logStream),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : nextRequestId();
    },
    routerOptions: { maxParamLength: 200 },
    // One line per request, written when it completes (the onResponse hook below), instead of
    // Fastify's two (incoming and completed): the request's method and URL are in that line.
    logController: new LogController({ disableRequestLogging: true }),
    // Bad URLs and over-long parameters are refused before routing: same problem+json as the rest.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply);
      return handleError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  const routeAccess = enforceRouteAccess(app, deps.database.db);
  app.decorate('routeAccess', routeAccess);
  const webBuild = await readWebBuild(deps.config.webDist);
  if (deps.tracing) {
    const tracing = deps.tracing;
    const spans = new WeakMap<object, Span>();
    // The rest of the request runs inside its span (its statements become the span's children).
    app.addHook('onRequest', (request, _reply, done) => {
      spans.set(request, startRequestSpan(tracing, request, done));
    });
    app.addHook('onResponse', (request, reply, done) => {
      const span = spans.get(request);
      if (span) {
        const answer = { route: request.routeOptions.url, status: reply.statusCode, requestId: request.id };
        endRequestSpan(span, { method: request.method, ...answer });
      }
      done();
    });
  }
  const errorReporter = createErrorReporter(
    deps.config.sentryDsn
      ? sentrySink(deps.config.sentryDsn, { environment: deps.config.env })
      : localSink(deps.database.db),
    app.log,
  );
  app.decorate('errorReporter', errorReporter);
  // The requests this process answered last (route patterns, never ids): a server report's breadcrumbs.
  const breadcrumbs = new Breadcrumbs();
  const failures = new WeakMap<object, Error>();
  app.addHook('onError', (request, _reply, error, done) => {
    failures.set(request, error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    breadcrumbs.add('request', `${request.method} ${route} ${reply.statusCode} ${request.id}`);
    if (reply.statusCode >= 500) {
      const error = failures.get(request);
      errorReporter.capture({
        source: 'server',
        kind: 'serverError',
        status: reply.statusCode,
        chunkFailure: false,
        message: error?.message || `${request.method} ${route} answered ${reply.statusCode}`,
        stack: error?.stack ?? null,
        requestId: String(request.id),
        url: `${request.method} ${route}`,
        release: webBuild ?? null,
        userId: request.user?.userId ?? null,
        breadcrumbs: breadcrumbs.list(),
      });
    }
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request, reply);
    if (webBuild) reply.header(buildHeader, webBuild);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });

  await registerCompression(app);

  const signingKeys = deps.config.oidc.embedded ? await loadSigningKeys(deps.database.db) : undefined;
  registerAuthentication(app, {
    db: deps.database.db,
    oidc: deps.config.oidc,
    verify: createTokenVerifier(deps.config.oidc, signingKeys),
    routeFolder: routeFolderMatch,
    apiTokenLimits: createApiTokenLimits({ quota: deps.config.apiTokenRateLimit, windowSeconds: 60 }),
  });

  await registerOpenApi(app, { publicUrl: deps.config.publicUrl });
  const metrics = deps.config.metricsToken ? createMetrics(deps.database, deps.config.metricsToken) : undefined;
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
      done();
    });
  }
  await app.register(healthRoutes({ database: deps.database, metrics }));
  await app.register(errorReportRoutes(errorReporter));
  await app.register(identityRoutes);
  await app.register(signupRoutes);
  await app.register(profileRoutes);
  await app.register(apiTokenRoutes);
  await app.register(workspaceRoutes);
  await app.register(settingsRoutes);
  await app.register(domainRoutes);
  await app.register(embedOriginRoutes);
  const sso: SsoDeps = {
    db: deps.database.db,
    box: secretBox(deps.config.ssoSecretKey ?? (await loadSecret(deps.database.db, 'sso-client-secrets'))),
    publicUrl: deps.config.publicUrl,
  };
  await app.register(ssoRoutes(sso));
  await app.register(accountRoutes);
  await app.register(checkoutRoutes(await createPaymentProvider(deps.config, deps.database.db)));
  await app.register(folderRoutes);
  await app.register(activityRoutes);
  await app.register(templateRoutes);
  await app.register(libraryRoutes);
  await app.register(templateImportRoutes);
  await app.register(tabRoutes);
  await app.register(listRoutes);
  await app.register(linkRoutes);
  await app.register(linkSubmissionRoutes);
  await app.register(fileRoutes);
  await app.register(photoRoutes);
  await app.register(peopleRoutes);
  await app.register(formRoutes);
  await app.register(registerRoutes);
  await app.register(bulkFormRoutes);
  await app.register(actionRoutes);
  await app.register(analyticsRoutes);
  await app.register(formPdfRoutes);
  await app.register(webhookRoutes);
  await app.register(macroRoutes);
  if (deps.config.oidc.embedded && signingKeys) {
    const provider = createProvider({
      config: deps.config,
      db: deps.database.db,
      keys: signingKeys,
      cookieKey: await loadSecret(deps.database.db, 'idp-cookie-key'),
    });
    await app.register(idpRoutes({ provider, config: deps.config, db: deps.database.db, sso }));
  }

  const sendIndex = await registerWebApp(app, deps.config.webDist);
  if (sendIndex) await app.register(embedPageRoutes({ sendIndex, headers: applySecurityHeaders }));
  app.setNotFoundHandler(async (request, reply) => {
    if (sendIndex && isClientRoute(request.method, request.url)) return sendIndex(reply);
    throw new AppError('routeNotFound');
  });
  return app;
}
