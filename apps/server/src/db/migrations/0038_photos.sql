-- Photos (spec 3, 6, 9; issue 19): a team's gallery. A photo is a re-encoded image in `files`
-- (purpose photo, the team's folder) with the facts the gallery needs: where it came from (an
-- upload to the gallery, or a photo field of a form, with the form), when and where it was taken
-- (read from its EXIF before the metadata was stripped), and its state. Its smaller sizes (spec 9:
-- XS to XL; XL is the stored image itself) are files of their own in storage, listed in photo_sizes.

create table photos (
  workspace_id uuid not null references workspaces (workspace_id),
  photo_id uuid not null,
  team_id uuid not null,
  file_id uuid not null,
  source text not null default 'upload' check (source in ('upload', 'form')),
  form_id uuid,
  state text not null default 'active' check (state in ('active', 'archived')),
  file_name text check (file_name is null or char_length(file_name) between 1 and 255),
  taken_at timestamptz,
  -- The day the gallery groups the photo under and its order: when it was taken, else uploaded.
  shot_at timestamptz not null,
  location jsonb,
  uploaded_by uuid references users (user_id),
  uploaded_at timestamptz not null default now(),
  primary key (workspace_id, photo_id),
  unique (workspace_id, file_id),
  foreign key (workspace_id, team_id) references folders (workspace_id, folder_id),
  foreign key (workspace_id, file_id) references files (workspace_id, file_id),
  check ((source = 'form') = (form_id is not null))
);
create index photos_gallery_idx on photos (workspace_id, team_id, state, shot_at desc, photo_id desc);

create table photo_sizes (
  workspace_id uuid not null,
  photo_id uuid not null,
  size text not null check (size in ('xs', 's', 'm', 'l')),
  storage_key text not null,
  content_type text not null,
  width integer not null,
  height integer not null,
  byte_size integer not null check (byte_size > 0),
  primary key (workspace_id, photo_id, size),
  foreign key (workspace_id, photo_id) references photos (workspace_id, photo_id) on delete cascade
);

-- Tags and tag groups belong to a project (every team of it sees them) or to one team.
create table tag_groups (
  workspace_id uuid not null references workspaces (workspace_id),
  group_id uuid not null,
  folder_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 100),
  created_at timestamptz not null default now(),
  primary key (workspace_id, group_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id)
);
create unique index tag_groups_name_key on tag_groups (workspace_id, folder_id, lower(name));

create table tags (
  workspace_id uuid not null references workspaces (workspace_id),
  tag_id uuid not null,
  folder_id uuid not null,
  group_id uuid,
  name text not null check (length(btrim(name)) between 1 and 100),
  colour text not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, tag_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id),
  foreign key (workspace_id, group_id) references tag_groups (workspace_id, group_id)
);
create unique index tags_name_key on tags (workspace_id, folder_id, lower(name));

create table photo_tags (
  workspace_id uuid not null,
  photo_id uuid not null,
  tag_id uuid not null,
  primary key (workspace_id, photo_id, tag_id),
  foreign key (workspace_id, photo_id) references photos (workspace_id, photo_id) on delete cascade,
  foreign key (workspace_id, tag_id) references tags (workspace_id, tag_id) on delete cascade
);
create index photo_tags_tag_idx on photo_tags (workspace_id, tag_id, photo_id);

alter table photos enable row level security;
alter table photos force row level security;
create policy tenant_isolation on photos
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table photo_sizes enable row level security;
alter table photo_sizes force row level security;
create policy tenant_isolation on photo_sizes
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table tag_groups enable row level security;
alter table tag_groups force row level security;
create policy tenant_isolation on tag_groups
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table tags enable row level security;
alter table tags force row level security;
create policy tenant_isolation on tags
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table photo_tags enable row level security;
alter table photo_tags force row level security;
create policy tenant_isolation on photo_tags
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on photos, photo_sizes, tag_groups, tags, photo_tags to formwork_app;
