-- Lists (spec 3, 4.1, 5.1; issue 18). A list lives in a folder: the company (the List Library) or
-- a project (that project's Lists). Its properties are typed columns; its items carry a label, an
-- optional colour and one value per property (by property id). Deleting a list takes its
-- properties and items along.

create table lists (
  workspace_id uuid not null references workspaces (workspace_id),
  list_id uuid not null,
  folder_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 200),
  state text not null default 'active' check (state in ('active', 'archived')),
  created_by uuid references users (user_id),
  updated_by uuid references users (user_id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, list_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id)
);
create index lists_folder_idx on lists (workspace_id, folder_id, state);

create table list_properties (
  workspace_id uuid not null,
  list_id uuid not null,
  property_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 100),
  type text not null check (type in ('text', 'number', 'date', 'expiry_date', 'colour')),
  sort_value integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (workspace_id, list_id, property_id),
  foreign key (workspace_id, list_id) references lists (workspace_id, list_id) on delete cascade
);
create unique index list_properties_name_key on list_properties (workspace_id, list_id, lower(name));

-- Items in the list's order (`position`, then id); `label_key` is the lower-cased label the search
-- and the typeahead compare with.
create table list_items (
  workspace_id uuid not null,
  list_id uuid not null,
  item_id uuid not null,
  label text not null check (length(btrim(label)) between 1 and 500),
  label_key text generated always as (lower(label)) stored,
  colour text check (colour ~ '^#[0-9a-f]{6}$'),
  "values" jsonb not null default '{}',
  position double precision not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, list_id, item_id),
  foreign key (workspace_id, list_id) references lists (workspace_id, list_id) on delete cascade
);
create index list_items_order_idx on list_items (workspace_id, list_id, position, item_id);
create index list_items_label_idx on list_items (workspace_id, list_id, label_key text_pattern_ops);

alter table lists enable row level security;
alter table lists force row level security;
create policy tenant_isolation on lists
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table list_properties enable row level security;
alter table list_properties force row level security;
create policy tenant_isolation on list_properties
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

alter table list_items enable row level security;
alter table list_items force row level security;
create policy tenant_isolation on list_items
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on lists, list_properties, list_items to formwork_app;
