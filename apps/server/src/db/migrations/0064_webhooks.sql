-- Webhooks (issue 24.1): an org controller (at the company) or a team controller (at their team)
-- subscribes a receiver URL to events below that folder, optionally narrowed to some folders and
-- templates. Each subscribed event is written to an outbox (webhook_events) in the transaction of
-- the change, with one delivery per hook and the job that sends it (jobs, kind 'webhook.deliver').
create table webhooks (
  workspace_id uuid not null references workspaces (workspace_id),
  hook_id uuid not null,
  -- The company or team the hook belongs to: its managers see and change it; its events are those below.
  folder_id uuid not null,
  folder_path uuid[] not null,
  url text not null check (char_length(url) between 8 and 2000),
  -- The HMAC-SHA256 key of the hook's signatures (shown to its managers; receivers keep a copy).
  secret text not null,
  events text[] not null check (cardinality(events) >= 1),
  -- Empty: every folder below the hook's; else only events inside one of these folders.
  filter_folder_ids uuid[] not null default '{}',
  -- Empty: every template; else form and action events only of forms of these templates.
  template_ids uuid[] not null default '{}',
  state text not null default 'active' check (state in ('active', 'disabled')),
  -- Why a disabled hook is: its managers turned it off, or its deliveries kept failing.
  disabled_reason text check (disabled_reason in ('manual', 'failures')),
  created_by uuid references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, hook_id),
  foreign key (workspace_id, folder_id) references folders (workspace_id, folder_id) on delete cascade
);
create index webhooks_folder_idx on webhooks (workspace_id, folder_id);

-- The outbox: one row per event some hook subscribed to, with the payload every delivery sends.
-- Its id is the event id receivers use for idempotency (a redelivery carries the same one).
create table webhook_events (
  workspace_id uuid not null references workspaces (workspace_id),
  event_id uuid not null default gen_random_uuid(),
  type text not null,
  -- The audit event it came from (none for a test delivery).
  audit_event_id bigint,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, event_id)
);

-- One delivery of an event to a hook: its attempts so far and the last one's outcome.
create table webhook_deliveries (
  workspace_id uuid not null,
  delivery_id uuid not null default gen_random_uuid(),
  hook_id uuid not null,
  event_id uuid not null,
  state text not null default 'pending' check (state in ('pending', 'succeeded', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  -- The receiver's HTTP status (null: no answer), how long the attempt took, the start of its answer.
  status_code integer,
  duration_ms integer,
  response_excerpt text,
  error text,
  -- Made by a manager's Redeliver or Send test (null: by the event).
  requested_by uuid references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, delivery_id),
  foreign key (workspace_id, hook_id) references webhooks (workspace_id, hook_id) on delete cascade,
  foreign key (workspace_id, event_id) references webhook_events (workspace_id, event_id)
);
create index webhook_deliveries_hook_idx on webhook_deliveries (workspace_id, hook_id, created_at desc);

alter table webhooks enable row level security;
alter table webhooks force row level security;
create policy tenant_isolation on webhooks
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter table webhook_events enable row level security;
alter table webhook_events force row level security;
create policy tenant_isolation on webhook_events
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));
alter table webhook_deliveries enable row level security;
alter table webhook_deliveries force row level security;
create policy tenant_isolation on webhook_deliveries
  using (workspace_id = (select app_workspace_id()))
  with check (workspace_id = (select app_workspace_id()));

grant select, insert, update, delete on webhooks, webhook_events, webhook_deliveries to formwork_app;

-- The outbox is filled from the audit trail: every audited change that is a webhook event (its
-- audit action mapped below) writes, in the same statement's transaction, the event with its
-- payload, a delivery per matching active hook and the job that sends it. One statement-level
-- trigger, so a bulk insert of audit events (an invite batch) costs one pass; a workspace with no
-- active hook costs one index probe.
create function webhook_outbox() returns trigger language plpgsql as $$
begin
  if not exists (
    select 1 from webhooks w where w.state = 'active' and w.workspace_id in (select workspace_id from new_audit)
  ) then
    return null;
  end if;
  with mapped as (
    select a.workspace_id, a.event_id as audit_event_id, a.action, a.subject_id, a.actor_user_id, a.details,
           a.folder_path, a.created_at,
           case
             when a.action in ('form.created', 'form.cloned', 'form.submitted') then 'form.created'
             when a.action = 'form.saved' then 'form.saved'
             when a.action in ('form.moved', 'form.reset') then 'form.moved'
             when a.action = 'form.archived' then 'form.archived'
             when a.action = 'form.deleted' then 'form.deleted'
             when a.action = 'action.assigned' then 'action.assigned'
             when a.action = 'action.completed' then 'action.completed'
             when a.action = 'invitation.created' then 'person.invited'
             when a.action = 'invitation.accepted' then 'person.activated'
             when a.subject_type = 'list' and a.action like 'list.%' then 'list.changed'
           end as type
      from new_audit a
  ), described as (
    select m.*,
           case
             when m.type like 'form.%' then f.template_id
             when m.type like 'action.%' then af.template_id
           end as template_id,
           case when m.type like 'person.%' then
             case inv_folder.kind
               when 'company' then array[inv_folder.folder_id]
               when 'project' then array[inv_folder.parent_id, inv_folder.folder_id]
               else array[inv_parent.parent_id, inv_folder.parent_id, inv_folder.folder_id]
             end
           else m.folder_path end as event_path,
           case
             when m.type like 'form.%' then jsonb_build_object(
               'formId', m.subject_id, 'teamId', f.folder_id, 'templateId', f.template_id,
               'templateVersion', f.template_version, 'number', f.number, 'title', f.title, 'state', f.state,
               'workflowColumn', f.workflow_column, 'version', f.version, 'values', f.field_values)
             when m.type like 'action.%' then jsonb_build_object(
               'actionId', m.subject_id, 'teamId', ac.folder_id, 'formId', ac.form_id, 'templateId', af.template_id,
               'title', ac.title, 'description', ac.description, 'dueDate', ac.due_date, 'priority', ac.priority,
               'state', ac.state, 'assigneeId', ac.assignee_id, 'completedBy', ac.completed_by)
             when m.type like 'person.%' then jsonb_build_object(
               'invitationId', m.subject_id, 'email', inv.email, 'folderId', inv.folder_id, 'level', inv.role,
               'userType', inv.user_type, 'userId', inv.accepted_by)
             when m.type = 'list.changed' then jsonb_build_object(
               'listId', m.subject_id, 'folderId', coalesce(l.folder_id, m.folder_path[cardinality(m.folder_path)]),
               'change', substr(m.action, 6), 'name', coalesce(l.name, m.details ->> 'name'),
               'state', coalesce(l.state, 'deleted'))
           end as data
      from mapped m
      left join forms f
        on m.type like 'form.%' and f.workspace_id = m.workspace_id and f.form_id = m.subject_id
      left join actions ac
        on m.type like 'action.%' and ac.workspace_id = m.workspace_id and ac.action_id = m.subject_id
      left join forms af on af.workspace_id = ac.workspace_id and af.form_id = ac.form_id
      left join invitations inv
        on m.type like 'person.%' and inv.workspace_id = m.workspace_id and inv.invitation_id = m.subject_id
      left join folders inv_folder on inv_folder.workspace_id = inv.workspace_id and inv_folder.folder_id = inv.folder_id
      left join folders inv_parent
        on inv_parent.workspace_id = inv_folder.workspace_id and inv_parent.folder_id = inv_folder.parent_id
      left join lists l on m.type = 'list.changed' and l.workspace_id = m.workspace_id and l.list_id = m.subject_id
     where m.type is not null
  ), matches as (
    select d.*, w.hook_id, w.folder_id as hook_folder_id
      from described d
      join webhooks w
        on w.workspace_id = d.workspace_id and w.state = 'active' and d.type = any (w.events)
       and d.event_path[1:cardinality(w.folder_path)] = w.folder_path
       and (cardinality(w.filter_folder_ids) = 0 or d.event_path && w.filter_folder_ids)
       and (cardinality(w.template_ids) = 0 or not (d.type like any (array['form.%', 'action.%']))
            or d.template_id = any (w.template_ids))
  ), events as (
    insert into webhook_events (workspace_id, type, audit_event_id, payload, created_at)
    select distinct on (workspace_id, audit_event_id) workspace_id, type, audit_event_id,
           jsonb_build_object('type', type, 'createdAt', created_at, 'workspaceId', workspace_id,
                              'folderPath', to_jsonb(event_path), 'actorUserId', actor_user_id, 'data', data),
           created_at
      from matches
    returning workspace_id, event_id, audit_event_id
  ), deliveries as (
    insert into webhook_deliveries (workspace_id, hook_id, event_id, next_attempt_at)
    select m.workspace_id, m.hook_id, e.event_id, now()
      from matches m join events e on e.workspace_id = m.workspace_id and e.audit_event_id = m.audit_event_id
    returning workspace_id, delivery_id, hook_id
  )
  insert into jobs (workspace_id, job_id, kind, folder_id, params)
  select d.workspace_id, gen_random_uuid(), 'webhook.deliver', w.folder_id,
         jsonb_build_object('hookId', d.hook_id, 'deliveryId', d.delivery_id)
    from deliveries d join webhooks w on w.workspace_id = d.workspace_id and w.hook_id = d.hook_id;
  return null;
end;
$$;

create trigger audit_events_webhook_outbox after insert on audit_events
  referencing new table as new_audit
  for each statement execute function webhook_outbox();
