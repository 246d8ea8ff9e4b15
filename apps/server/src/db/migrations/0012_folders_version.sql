-- A large workspace's folder tree is costly to build (22,000 folders: ~1.9 MB of JSON) and changes
-- rarely, so the server keeps the trees it built, each under its workspace's folders_version
-- (modules/folders/tree-cache.ts). Every statement that changes a workspace's folders bumps that
-- version in the same transaction, by these triggers, whoever writes the folders.
alter table workspaces add column folders_version bigint not null default 0;

create function bump_folders_version() returns trigger language plpgsql as $$
declare
  expected integer;
  bumped integer;
begin
  select count(distinct workspace_id) into expected from changed;
  update workspaces set folders_version = folders_version + 1
   where workspace_id in (select workspace_id from changed);
  get diagnostics bumped = row_count;
  -- A row-level security policy that hid the workspace would leave its trees stale: refuse.
  if bumped < expected then
    raise exception 'folders changed outside their workspace scope' using errcode = '42501';
  end if;
  return null;
end $$;

create trigger folders_inserted_bump after insert on folders
  referencing new table as changed for each statement execute function bump_folders_version();
create trigger folders_updated_bump after update on folders
  referencing new table as changed for each statement execute function bump_folders_version();
create trigger folders_deleted_bump after delete on folders
  referencing old table as changed for each statement execute function bump_folders_version();
