-- Submissions through links (issue 21): each is a form of the link's team, made by no user. This
-- row is the form's source (the link's name as it was, the submitter as they gave themselves) and
-- the human check's answer it used (one answer makes one submission). The form id is the
-- submitter's idempotency key: a retried submit finds the form it made.

create table link_submissions (
  workspace_id uuid not null references workspaces (workspace_id),
  form_id uuid not null,
  link_id uuid,
  link_name text not null,
  submitter_name text check (submitter_name is null or char_length(submitter_name) between 1 and 200),
  submitter_email text check (submitter_email is null or char_length(submitter_email) between 3 and 254),
  human_check_id text not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, form_id),
  unique (workspace_id, human_check_id),
  foreign key (workspace_id, form_id) references forms (workspace_id, form_id) on delete cascade,
  foreign key (workspace_id, link_id) references links (workspace_id, link_id) on delete set null (link_id)
);
create index link_submissions_link_idx on link_submissions (workspace_id, link_id, created_at);

alter table link_submissions enable row level security;
alter table link_submissions force row level security;
create policy tenant_isolation on link_submissions
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

-- The public submit is rate limited per link and per address on the sign-in limiter.
alter table auth_attempts drop constraint auth_attempts_kind;
alter table auth_attempts add constraint auth_attempts_kind
  check (kind in ('sign-in', 'password-reset', 'signup-email-check', 'signup-challenge', 'signup-finish',
                  'link-challenge', 'link-submit'));

grant select, insert, update, delete on link_submissions to formwork_app;
