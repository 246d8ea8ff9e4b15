-- Product usage events a person's browser reports (spec 2.1: the e-mail login link was clicked;
-- spec 7: sign-up steps). They belong to the person, not to a workspace.
create table usage_events (
  usage_event_id bigint generated always as identity primary key,
  user_id uuid references users (user_id),
  name text not null,
  context jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index usage_events_name_idx on usage_events (name, created_at);

grant select, insert on usage_events to formwork_app;
grant usage, select on all sequences in schema public to formwork_app;
