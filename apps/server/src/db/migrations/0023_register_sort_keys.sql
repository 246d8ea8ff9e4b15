-- Issue 15.5: a register sorts by ANY sortable field through an index (ADR 0015). Every form keeps
-- one sort key per sortable field of its template in form_sort_keys, written by triggers on forms;
-- it replaces the one stored key of the template's register order (0014_register_order.sql).
-- Under forced row-level security the planner only takes an index condition whose operator is
-- leakproof: the keys are float8 and text (leakproof comparisons), not jsonb or numeric.

drop trigger forms_register_sort_key on forms;
drop function forms_register_sort_key();
drop index forms_register_sort_idx;
alter table forms drop column sort_key, drop column sort_key_source;
alter table templates drop constraint templates_register_sort_whole,
  drop column register_sort_field, drop column register_sort_kind;
drop function register_sort_key(jsonb, text, text);

-- The one definition of a sort key, used by the triggers and by a register that scans (the
-- planner inlines both). Numbers sort as numbers, anything else in a number field (or nothing)
-- first, as -Infinity; every other kind sorts as lower-case text, a missing value as '', by its
-- first 200 characters (an index entry has a size limit; longer texts tie, then sort by form id).
create function form_sort_number(field_values jsonb, field text) returns float8
language sql immutable parallel safe as $$
  select case when jsonb_typeof(field_values -> field) = 'number'
    then least(greatest((field_values ->> field)::numeric, -1e308), 1e308)::float8
    else '-Infinity'::float8 end
$$;
create function form_sort_text(field_values jsonb, field text, kind text) returns text
language sql immutable parallel safe as $$
  select left(case kind
    when 'answer' then coalesce(lower(field_values -> field ->> 'answer'), '')
    when 'start' then coalesce(lower(field_values -> field ->> 'start'), '')
    else coalesce(lower(field_values ->> field), '')
  end, 200)
$$;

-- The sortable fields of a template's current definition (applyRegisterOrder keeps it in the same
-- transaction as every template save). `keyed`: every form has its key (a new field, or one whose
-- kind changed, is keyed by the register.sortKeys job; until then the register scans).
create table template_sort_fields (
  workspace_id uuid not null,
  template_id uuid not null,
  field_id text not null,
  kind text not null check (kind in ('number', 'text', 'answer', 'start')),
  keyed boolean not null,
  primary key (workspace_id, template_id, field_id),
  foreign key (workspace_id, template_id) references templates (workspace_id, template_id) on delete cascade
);

-- One row per form and sortable field. A number field's key is in num, any other's in txt.
create table form_sort_keys (
  workspace_id uuid not null,
  form_id uuid not null,
  field_id text not null,
  template_id uuid not null,
  folder_id uuid not null,
  state text not null,
  num float8,
  txt text,
  primary key (workspace_id, form_id, field_id),
  check ((num is null) <> (txt is null))
);
-- A page is a short walk of one index: never worth starting parallel workers for.
alter table form_sort_keys set (parallel_workers = 0);
create index form_sort_keys_number_idx
  on form_sort_keys (workspace_id, template_id, folder_id, state, field_id, num, form_id) where num is not null;
create index form_sort_keys_text_idx
  on form_sort_keys (workspace_id, template_id, folder_id, state, field_id, txt, form_id) where txt is not null;

-- New forms: the keys of every sortable field, set-based per statement (a bulk insert is one join).
create function form_sort_keys_inserted() returns trigger language plpgsql as $$
begin
  insert into form_sort_keys (workspace_id, form_id, field_id, template_id, folder_id, state, num, txt)
  select n.workspace_id, n.form_id, s.field_id, n.template_id, n.folder_id, n.state,
         case when s.kind = 'number' then form_sort_number(n.field_values, s.field_id) end,
         case when s.kind <> 'number' then form_sort_text(n.field_values, s.field_id, s.kind) end
    from new_forms n
    join template_sort_fields s on s.workspace_id = n.workspace_id and s.template_id = n.template_id
   where n.state <> 'deleted';
  return null;
end
$$;
create trigger form_sort_keys_inserted after insert on forms
  referencing new table as new_forms for each statement execute function form_sort_keys_inserted();

-- A saved form: only the keys of the fields whose value changed; all of them when the form moved
-- team or state (both lead the indexes). A deleted form is in no register: its keys go.
create function form_sort_keys_updated() returns trigger language plpgsql as $$
begin
  if new.state = 'deleted' then
    delete from form_sort_keys where workspace_id = new.workspace_id and form_id = new.form_id;
    return null;
  end if;
  insert into form_sort_keys as k (workspace_id, form_id, field_id, template_id, folder_id, state, num, txt)
  select new.workspace_id, new.form_id, s.field_id, new.template_id, new.folder_id, new.state,
         case when s.kind = 'number' then form_sort_number(new.field_values, s.field_id) end,
         case when s.kind <> 'number' then form_sort_text(new.field_values, s.field_id, s.kind) end
    from template_sort_fields s
   where s.workspace_id = new.workspace_id and s.template_id = new.template_id
     and ((new.folder_id, new.state) is distinct from (old.folder_id, old.state)
          or (new.field_values -> s.field_id) is distinct from (old.field_values -> s.field_id))
  on conflict (workspace_id, form_id, field_id) do update
    set template_id = excluded.template_id, folder_id = excluded.folder_id, state = excluded.state,
        num = excluded.num, txt = excluded.txt;
  return null;
end
$$;
create trigger form_sort_keys_updated after update of field_values, folder_id, state on forms
  for each row when ((new.field_values, new.folder_id, new.state) is distinct from (old.field_values, old.folder_id, old.state))
  execute function form_sort_keys_updated();

create function form_sort_keys_deleted() returns trigger language plpgsql as $$
begin
  delete from form_sort_keys k using old_forms o where k.workspace_id = o.workspace_id and k.form_id = o.form_id;
  return null;
end
$$;
create trigger form_sort_keys_deleted after delete on forms
  referencing old table as old_forms for each statement execute function form_sort_keys_deleted();

-- The forms there are: their templates' sortable fields (registerSortKind in
-- packages/shared/src/templates/register-order.ts, as of this migration) and every form's keys.
alter table templates no force row level security;
alter table template_versions no force row level security;
alter table forms no force row level security;

insert into template_sort_fields (workspace_id, template_id, field_id, kind, keyed)
select distinct on (t.workspace_id, t.template_id, f ->> 'id') t.workspace_id, t.template_id, f ->> 'id',
       case when f ->> 'type' in ('number', 'formula') then 'number'
            when f ->> 'type' in ('yesNo', 'yesNoNa') then 'answer'
            when f ->> 'type' in ('dateRange', 'dateTimeRange') then 'start'
            else 'text' end,
       true
  from templates t
  join template_versions v on v.workspace_id = t.workspace_id and v.template_id = t.template_id
                          and v.version = t.current_version
  cross join lateral jsonb_array_elements(case when jsonb_typeof(v.definition -> 'fields') = 'array'
                                               then v.definition -> 'fields' else '[]'::jsonb end) f
 where f ->> 'id' is not null
   and f ->> 'type' not in ('pageBreak', 'actions', 'prefilledText', 'logo', 'filePath', 'pdfPageNumber',
                            'defaultTable', 'prefilledTable', 'signOnTable', 'photos', 'sketch', 'signature',
                            'manualSignature', 'approvalSignature', 'location', 'person', 'relationship',
                            'multipleChoice', 'list');

insert into form_sort_keys (workspace_id, form_id, field_id, template_id, folder_id, state, num, txt)
select f.workspace_id, f.form_id, s.field_id, f.template_id, f.folder_id, f.state,
       case when s.kind = 'number' then form_sort_number(f.field_values, s.field_id) end,
       case when s.kind <> 'number' then form_sort_text(f.field_values, s.field_id, s.kind) end
  from forms f
  join template_sort_fields s on s.workspace_id = f.workspace_id and s.template_id = f.template_id
 where f.state <> 'deleted';

alter table templates force row level security;
alter table template_versions force row level security;
alter table forms force row level security;

alter table template_sort_fields enable row level security;
alter table template_sort_fields force row level security;
create policy tenant_isolation on template_sort_fields
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table form_sort_keys enable row level security;
alter table form_sort_keys force row level security;
create policy tenant_isolation on form_sort_keys
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
