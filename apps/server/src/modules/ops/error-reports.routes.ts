import { errorReportLimits } from '@formwork/shared/error-report-limits';
import { browserErrorReportSchema, errorReportGroupsSchema } from '@formwork/shared/schemas/error-reports';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import { type ErrorReporter, perAddressLimit } from './error-reporter.ts';
import * as service from './error-reports.service.ts';

/** Browser reports a minute per address (per process). */
export const browserReportsPerMinute = 30;

export function errorReportRoutes(reporter: ErrorReporter) {
  return async (app: App) => {
    const { database } = app.deps;
    const allowed = perAddressLimit(browserReportsPerMinute);

    app.post('/api/error-reports', {
      // Errors happen before sign-in too (a page that cannot load its account): anyone may report.
      config: { access: { public: true } },
      bodyLimit: errorReportLimits.bodyBytes,
      schema: {
        tags: ['operations'],
        summary: 'Report an error of the web app (issue 25.2): kept for platform admins, or sent to SENTRY_DSN',
        body: browserErrorReportSchema,
        response: { 202: z.null() },
      },
      handler: async (request, reply) => {
        if (!allowed(request.ip)) throw new AppError('tooManyRequests', { meta: { retryAfterSeconds: 60 } });
        const report = request.body;
        reporter.capture({
          source: 'browser',
          kind: report.kind,
          status: report.status ?? null,
          chunkFailure: report.chunkFailure,
          message: report.message,
          stack: report.stack ?? null,
          requestId: report.requestId ?? null,
          url: report.url ?? null,
          release: report.release ?? null,
          userId: null,
          breadcrumbs: report.breadcrumbs,
        });
        return reply.status(202).send(null);
      },
    });

    app.get('/api/admin/error-reports', {
      // Platform admins only: the service refuses everyone else (403).
      config: { access: { signedIn: true } },
      schema: {
        tags: ['operations'],
        summary: 'The newest errors grouped by fingerprint, each with its latest report (platform admins)',
        security: [{ bearer: [] }],
        response: { 200: errorReportGroupsSchema },
      },
      handler: async (request) => service.listErrorReportGroups(database.db, requireUser(request)),
    });
  };
}
