-- Error reports (issue 25.2, spec 8.1): what failed in the server (5xx answers, unhandled errors)
-- and in browsers (window errors, unhandled rejections, chunk-load failures, 'Account not loaded'),
-- kept here when no Sentry-compatible DSN is configured, for platform admins to browse. A report
-- belongs to no single workspace (many happen before sign-in and name none; a server report names
-- the signed-in user). Row-level security: anyone may add a report; only platform admins read them.
create table error_reports (
  error_report_id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  source text not null,
  kind text not null,
  -- The HTTP status the error carried (0: no answer), when it came from a request.
  status integer,
  chunk_failure boolean not null default false,
  message text not null,
  stack text,
  fingerprint text not null,
  request_id text,
  url text,
  release text,
  user_id uuid,
  breadcrumbs jsonb not null default '[]',
  constraint error_reports_source check (source in ('server', 'browser')),
  constraint error_reports_kind check (
    kind in ('serverError', 'error', 'unhandledRejection', 'chunkLoadFailed', 'accountNotLoaded', 'httpError')
  ),
  constraint error_reports_breadcrumbs check (jsonb_typeof(breadcrumbs) = 'array' and jsonb_array_length(breadcrumbs) <= 100)
);
create index error_reports_created_idx on error_reports (created_at desc);
create index error_reports_fingerprint_idx on error_reports (fingerprint, created_at desc);

alter table error_reports enable row level security;
alter table error_reports force row level security;
create policy error_reports_add on error_reports for insert with check (true);
create policy error_reports_read on error_reports for select using ((select app_is_admin()));
grant select, insert on error_reports to formwork_app;
