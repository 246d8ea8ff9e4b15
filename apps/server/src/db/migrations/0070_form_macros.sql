-- Form macros (issue 24.3, spec 7 and 8.2): a template names macros, each a receiver URL and the
-- shared secret its requests are signed with (as webhooks sign theirs). Whoever may edit the
-- template manages them; whoever may edit a saved form of the template runs them. A run POSTs the
-- saved form to the receiver, which may answer field values that are written back as a save.
create table template_macros (
  workspace_id uuid not null references workspaces (workspace_id),
  template_id uuid not null,
  macro_id uuid not null,
  name text not null check (char_length(name) between 1 and 60),
  url text not null check (char_length(url) between 8 and 2000),
  -- The HMAC-SHA256 key of the run requests (shown to the template's editors; receivers keep a copy).
  secret text not null,
  created_by uuid references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, template_id, macro_id),
  foreign key (workspace_id, template_id) references templates (workspace_id, template_id) on delete cascade
);

alter table template_macros enable row level security;
alter table template_macros force row level security;
create policy tenant_isolation on template_macros
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
grant select, insert, update, delete on template_macros to formwork_app;

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
