-- List deployment (spec 3, 4.1, 4.3; issue 18.4). A company list reaches a project as a copy in
-- that project's folder: a list row whose `source_list_id` names the company list and whose
-- `deployment` says how it was made (Deployed Empty: the project fills its own items; Deployed
-- Populated: items copied). Properties keep their ids in the copy, items (when copied) too, so a
-- field that names a company list's property reads the same property in any project's copy.
-- One copy per project: "the list project P reads for company list L" is one unique-index probe.
-- Deleting the company list deletes its copies with it.
alter table lists
  add column source_list_id uuid,
  add column deployment text check (deployment in ('empty', 'populated')),
  add constraint lists_deployed_copy_check check ((source_list_id is null) = (deployment is null)),
  add constraint lists_source_fkey foreign key (workspace_id, source_list_id)
    references lists (workspace_id, list_id) on delete cascade;

create unique index lists_deployed_copy_key on lists (workspace_id, source_list_id, folder_id)
  where source_list_id is not null;
