-- Personal API tokens' calls in their current rate-limit window (issue 24.2), counted in PostgreSQL
-- so that every API process sees the same count: one row per token, one upsert per call (a window
-- starts at the token's first call after the last one ended, as the per-process count did).
-- Global like api_tokens: a token belongs to no workspace.
create table api_token_calls (
  token_id uuid primary key references api_tokens (token_id) on delete cascade,
  window_start timestamptz not null,
  calls integer not null
);
grant select, insert, update, delete on api_token_calls to formwork_app;
