-- Snapshot e-mails (spec 2.6, issue 20.4): a person subscribes to a dashboard weekly, monthly or
-- both; a job per subscription draws the dashboard under that person's permissions and mails it.
-- The unsubscribe link's token is an HMAC of the subscription under a server secret (nothing to
-- store; a new subscription has a new id, so an old link stops working). `next_job_id`
-- names the one scheduled job that is the subscription's next e-mail (an older job finds itself
-- superseded and sends nothing).

create table dashboard_subscriptions (
  workspace_id uuid not null references workspaces (workspace_id),
  subscription_id uuid not null,
  dashboard_id uuid not null,
  user_id uuid not null references users (user_id) on delete cascade,
  frequency text not null check (frequency in ('weekly', 'monthly')),
  next_job_id uuid,
  created_at timestamptz not null default now(),
  primary key (workspace_id, subscription_id),
  unique (workspace_id, dashboard_id, user_id, frequency),
  foreign key (workspace_id, dashboard_id) references dashboards (workspace_id, dashboard_id) on delete cascade
);
create index dashboard_subscriptions_user_idx on dashboard_subscriptions (workspace_id, user_id);

alter table dashboard_subscriptions enable row level security;
alter table dashboard_subscriptions force row level security;
create policy tenant_isolation on dashboard_subscriptions
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on dashboard_subscriptions to formwork_app;

-- Images a mail shows inline (a snapshot's charts as PNG, referenced from its HTML by cid):
-- [{ "filename", "contentType", "cid", "content" (base64) }].
alter table mail_outbox add column attachments jsonb;
