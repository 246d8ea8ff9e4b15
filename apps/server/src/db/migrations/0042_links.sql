-- Submission links (spec 1, 3, 4.1, 5.3, 9; issue 21). A team's controllers make a link that lets
-- anyone without an account submit forms of its templates into the team: single (one submission)
-- or ongoing (until it expires or reaches its maximum). `submission_count` is what the link has
-- taken; a submission raises it with a conditional update, so the rules hold on the server.

create table links (
  workspace_id uuid not null references workspaces (workspace_id),
  link_id uuid not null,
  team_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 100),
  kind text not null check (kind in ('single', 'ongoing')),
  state text not null default 'active' check (state in ('active', 'archived')),
  -- The secret of the link's public address; only the team's controllers read it (the public
  -- page finds the link through link_tokens, by its hash).
  token text not null,
  expires_at timestamptz,
  max_submissions integer check (max_submissions >= 1),
  ask_submitter_name boolean not null default false,
  ask_submitter_email boolean not null default false,
  submission_count integer not null default 0 check (submission_count >= 0),
  created_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, link_id),
  foreign key (workspace_id, team_id) references folders (workspace_id, folder_id),
  check (kind = 'ongoing' or max_submissions is null),
  check (kind = 'ongoing' or submission_count <= 1),
  check (max_submissions is null or submission_count <= max_submissions)
);
create index links_team_idx on links (workspace_id, team_id, state, created_at desc);

-- The templates a link offers (spec 5.3: at most 20), in the order chosen. Deleting a template
-- takes it off its links.
create table link_templates (
  workspace_id uuid not null,
  link_id uuid not null,
  template_id uuid not null,
  position integer not null check (position between 0 and 19),
  primary key (workspace_id, link_id, template_id),
  unique (workspace_id, link_id, position),
  foreign key (workspace_id, link_id) references links (workspace_id, link_id) on delete cascade,
  foreign key (workspace_id, template_id) references templates (workspace_id, template_id) on delete cascade
);

alter table links enable row level security;
alter table links force row level security;
create policy tenant_isolation on links
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table link_templates enable row level security;
alter table link_templates force row level security;
create policy tenant_isolation on link_templates
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

-- The public page's way in: a link's token hash -> its workspace and link. Opened before anyone is
-- signed in or any workspace is known, so it is global (like invitation_tokens); the link itself
-- stays a tenant row.
create table link_tokens (
  token_hash text primary key,
  workspace_id uuid not null,
  link_id uuid not null,
  foreign key (workspace_id, link_id) references links (workspace_id, link_id) on delete cascade
);
create index link_tokens_link_idx on link_tokens (workspace_id, link_id);

grant select, insert, update, delete on links, link_templates, link_tokens to formwork_app;
