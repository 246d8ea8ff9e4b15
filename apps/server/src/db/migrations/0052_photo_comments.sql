-- Comments on a photo, with the people they mention (issue 19.3). A comment belongs to its photo
-- (deleted with it); the mentioned people are kept as user ids, checked to see the team when written.
create table photo_comments (
  workspace_id uuid not null,
  comment_id uuid not null,
  photo_id uuid not null,
  author_id uuid references users (user_id) on delete set null,
  body text not null,
  mentions uuid[] not null default '{}',
  created_at timestamptz not null default now(),
  primary key (workspace_id, comment_id),
  foreign key (workspace_id, photo_id) references photos (workspace_id, photo_id) on delete cascade
);
create index photo_comments_photo_idx on photo_comments (workspace_id, photo_id, created_at, comment_id);

alter table photo_comments enable row level security;
alter table photo_comments force row level security;
create policy tenant_isolation on photo_comments
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on photo_comments to formwork_app;
