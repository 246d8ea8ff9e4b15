-- Issue 16.4: a person's profile (time zone, locale, picture), their signature, e-mail changes
-- confirmed by a link, and per-workspace feature toggles (spec 6: enableDefaultSignatureUser).

alter table users add column time_zone text;
alter table users add column locale text not null default 'en-US';
alter table users add constraint users_time_zone_length check (time_zone is null or char_length(time_zone) between 1 and 64);
alter table users add constraint users_locale_length check (char_length(locale) between 2 and 16);

-- A person's own images (profile picture, signature): they follow the person into every
-- workspace, so they are keyed by the person, not by a workspace. Bytes live in file storage
-- under the person's id; one current image of each kind.
create table user_images (
  user_id uuid not null references users (user_id),
  kind text not null check (kind in ('picture', 'signature')),
  source text not null check (source in ('uploaded', 'drawn', 'default')),
  content_type text not null,
  byte_size integer not null check (byte_size > 0),
  width integer not null,
  height integer not null,
  sha256 text not null,
  storage_key text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind)
);
-- Only the person's own rows are visible to the application role.
alter table user_images enable row level security;
alter table user_images force row level security;
create policy own_images on user_images
  using (user_id = (select app_user_id()))
  with check (user_id = (select app_user_id()));
grant select, insert, update, delete on user_images to formwork_app;

-- E-mail changes: a single-use, expiring link sent to the new address; the old address stays
-- until the link is followed by the same person.
create table email_change_tokens (
  token_hash text primary key,
  user_id uuid not null references users (user_id),
  new_email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_change_tokens_user_idx on email_change_tokens (user_id) where used_at is null;
grant select, insert, update, delete on email_change_tokens to formwork_app;

-- Feature toggles of a workspace: a JSON object of toggle names to true/false (all off by default).
alter table workspaces add column feature_toggles jsonb not null default '{}'::jsonb;
alter table workspaces add constraint workspaces_feature_toggles_object check (jsonb_typeof(feature_toggles) = 'object');
