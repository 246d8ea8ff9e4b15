import type { Breadcrumb, ErrorReportKind } from '@formwork/shared/schemas/error-reports';
import { sql } from 'drizzle-orm';
import type { Json, Timestamp } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

export type ErrorReportRecord = {
  source: 'server' | 'browser';
  kind: ErrorReportKind;
  status: number | null;
  chunkFailure: boolean;
  message: string;
  stack: string | null;
  fingerprint: string;
  requestId: string | null;
  url: string | null;
  release: string | null;
  userId: string | null;
  breadcrumbs: Breadcrumb[];
};

export async function insertErrorReport(tx: Tx, report: ErrorReportRecord): Promise<void> {
  await tx.execute(sql`
    insert into error_reports
      (source, kind, status, chunk_failure, message, stack, fingerprint, request_id, url, release, user_id, breadcrumbs)
    values (${report.source}, ${report.kind}, ${report.status}, ${report.chunkFailure}, ${report.message},
            ${report.stack}, ${report.fingerprint}, ${report.requestId}, ${report.url}, ${report.release},
            ${report.userId}::uuid, ${JSON.stringify(report.breadcrumbs)}::jsonb)`);
}

export type ErrorReportGroupRow = {
  fingerprint: string;
  count: number | string;
  first_at: Timestamp;
  last_at: Timestamp;
  error_report_id: string | number;
  created_at: Timestamp;
  source: 'server' | 'browser';
  kind: ErrorReportKind;
  status: number | null;
  chunk_failure: boolean;
  message: string;
  stack: string | null;
  request_id: string | null;
  url: string | null;
  release: string | null;
  user_id: string | null;
  breadcrumbs: Json;
};

/** The newest `limit` fingerprints, newest first, each with its count and its latest report. */
export async function errorReportGroups(tx: Tx, limit: number): Promise<ErrorReportGroupRow[]> {
  const result = await tx.execute<ErrorReportGroupRow>(sql`
    with groups as (
      select fingerprint, count(*) as count, min(created_at) as first_at, max(error_report_id) as latest_id
        from error_reports
       group by fingerprint
       order by max(error_report_id) desc
       limit ${limit}
    )
    select g.fingerprint, g.count, g.first_at, r.created_at as last_at, r.error_report_id, r.created_at,
           r.source, r.kind, r.status, r.chunk_failure, r.message, r.stack, r.request_id, r.url, r.release,
           r.user_id, r.breadcrumbs
      from groups g
      join error_reports r on r.error_report_id = g.latest_id
     order by r.error_report_id desc`);
  return result.rows;
}
