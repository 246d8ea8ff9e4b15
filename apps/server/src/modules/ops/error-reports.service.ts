import type { ErrorReportGroups } from '@formwork/shared/schemas/error-reports';
import { personalScope } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { iso, parseJson } from '../../db/sql-values.ts';
import { inScope, systemScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { ErrorSink } from './error-reporter.ts';
import * as queries from './error-reports.queries.ts';

/** Without a DSN, reports are kept in the error_reports table for platform admins to browse. */
export function localSink(db: AppDb): ErrorSink {
  return {
    name: 'local',
    send: (event) => inScope(db, systemScope, (tx) => queries.insertErrorReport(tx, event)),
  };
}

const groupsShown = 100;

/** Issue 25.2: the newest errors grouped by fingerprint, for platform admins alone (else 403). */
export async function listErrorReportGroups(db: AppDb, user: SignedInUser): Promise<ErrorReportGroups> {
  if (!user.isAdmin) throw new AppError('forbidden');
  const rows = await inScope(db, personalScope(user), (tx) => queries.errorReportGroups(tx, groupsShown));
  return {
    groups: rows.map((r) => ({
      fingerprint: r.fingerprint,
      count: Number(r.count),
      firstAt: iso(r.first_at),
      lastAt: iso(r.last_at),
      latest: {
        errorReportId: String(r.error_report_id),
        createdAt: iso(r.created_at),
        source: r.source,
        kind: r.kind,
        status: r.status,
        chunkFailure: r.chunk_failure,
        message: r.message,
        stack: r.stack,
        requestId: r.request_id,
        url: r.url,
        release: r.release,
        userId: r.user_id,
        breadcrumbs: parseJson(r.breadcrumbs) ?? [],
      },
    })),
  };
}
