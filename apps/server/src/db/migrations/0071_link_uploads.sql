-- Photos, sketches and signatures uploaded through a submission link (issue 21): the file is an
-- ordinary file of the link's team (files, written by the same upload path), and this row binds it
-- to the link and the submission attempt it was uploaded for (the form id the public page made
-- once, its idempotency key). Only that submission through that link may name the file; once it is
-- made, submitted_at is set. A job removes the files never submitted (link.uploadCleanup).
-- No foreign key to links: a deleted link's pending uploads are still found and removed by the job.

create table link_uploads (
  workspace_id uuid not null references workspaces (workspace_id),
  file_id uuid not null,
  link_id uuid not null,
  form_id uuid not null,
  created_at timestamptz not null default now(),
  submitted_at timestamptz,
  primary key (workspace_id, file_id),
  foreign key (workspace_id, file_id) references files (workspace_id, file_id) on delete cascade
);
create index link_uploads_attempt_idx on link_uploads (workspace_id, link_id, form_id);

alter table link_uploads enable row level security;
alter table link_uploads force row level security;
create policy tenant_isolation on link_uploads
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on link_uploads to formwork_app;

-- Upload grants and uploads through links are rate limited per address and per link.
alter table auth_attempts drop constraint auth_attempts_kind;
alter table auth_attempts add constraint auth_attempts_kind
  check (kind in ('sign-in', 'password-reset', 'signup-email-check', 'signup-challenge', 'signup-finish',
                  'link-challenge', 'link-submit', 'link-upload-grant', 'link-upload'));
