-- Product events name the workspace they happened in, when there is one (issue 25.3: recorded with
-- the workspace and the user), and are exported by time.
alter table usage_events add column workspace_id uuid references workspaces (workspace_id);
create index usage_events_created_idx on usage_events (created_at);
