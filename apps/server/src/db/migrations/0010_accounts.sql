-- Accounts (spec 1, 3, 4.4, 6): who holds the subscription. An account holds one or more
-- workspaces and carries their plan and subscription; every workspace belongs to one account.
--
-- Global, not a tenant table: an account spans workspaces, so its key is account_id, not
-- workspace_id (the tenancy catalog test lists it with this reason). Row-level security is still
-- enabled and forced: a transaction reads an account when the account holds its workspace
-- (app.workspace_id), when the person is in one of the account's workspaces (app.user_id), as a
-- super user, or with app.account_id set (below).
--
-- The plan has one source of truth: accounts.plan_type. The API's workspace `plan` is read from
-- the account. workspaces.plan stays only so statements written before accounts keep working (the
-- benchmark seeds insert it, a forms test updates it): a plan written there goes to the account
-- (a workspace inserted without an account gets its own account on that plan) and the column
-- itself is always empty. Drop it once nothing writes it.
--
-- Users used (contributorUsersUsed, paidUsersUsed) are never stored: the account route counts
-- them across the account's workspaces when asked.

-- The account whose workspaces a transaction may look across (set with set_config(..., true) by
-- the account queries, after the route has verified the caller in one of its workspaces, with the
-- account read from the database).
create function app_account_id() returns uuid language sql stable
  as $$ select nullif(current_setting('app.account_id', true), '')::uuid $$;

-- account_type: managed (set up for the customer) or self_service (signed up and paid online).
-- plan_type: the plans of spec 1.
-- subscription_status, a closed set (spec 4.4):
--   free_trial       the trial runs until trial_end_date (active while that is in the future)
--   expired_trial    the trial ended without a subscription
--   active           a paid subscription in good standing
--   overdue_invoice  access is lost until the invoice is paid
--   paused           the subscription is paused
--   churned          the subscription has ended
-- Trial statuses need a trial end date.
create table accounts (
  account_id uuid primary key,
  name text not null,
  account_type text not null check (account_type in ('managed', 'self_service')),
  plan_type text not null check (plan_type in ('standard', 'pro', 'premium', 'platinum', 'free_trial')),
  subscription_status text not null
    check (subscription_status in ('free_trial', 'expired_trial', 'active', 'overdue_invoice', 'paused', 'churned')),
  trial_end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (subscription_status not in ('free_trial', 'expired_trial') or trial_end_date is not null)
);

-- Backfill: one account per existing workspace, named after it, on its plan. Free-trial
-- workspaces were made by the add-workspace route (self-service, 30 days from creation); the
-- others were set up for their customers (managed, active). Done as the owner with the workspace
-- policies set aside for the moment (no scope is set while migrating).
alter table workspaces no force row level security;
alter table workspaces add column account_id uuid;
update workspaces set account_id = gen_random_uuid();
insert into accounts (account_id, name, account_type, plan_type, subscription_status, trial_end_date, created_at)
select
  account_id,
  name,
  case when plan = 'free_trial' then 'self_service' else 'managed' end,
  plan,
  case
    when plan <> 'free_trial' then 'active'
    when created_at + interval '30 days' > now() then 'free_trial'
    else 'expired_trial'
  end,
  case when plan = 'free_trial' then created_at + interval '30 days' end,
  created_at
from workspaces;
alter table workspaces alter column plan drop not null, alter column plan drop default;
update workspaces set plan = null;
alter table workspaces
  alter column account_id set not null,
  add constraint workspaces_account_fk foreign key (account_id) references accounts (account_id),
  add constraint workspaces_plan_on_account check (plan is null);
create index workspaces_account_idx on workspaces (account_id);
alter table workspaces force row level security;

-- Statements from before accounts: a plan written on a workspace is its account's plan.
create function workspaces_plan_to_account() returns trigger language plpgsql as $$
declare
  trial boolean := coalesce(new.plan, 'free_trial') = 'free_trial';
begin
  if tg_op = 'INSERT' and new.account_id is null then
    new.account_id := gen_random_uuid();
    insert into accounts (account_id, name, account_type, plan_type, subscription_status, trial_end_date)
    values (
      new.account_id,
      new.name,
      case when trial then 'self_service' else 'managed' end,
      coalesce(new.plan, 'free_trial'),
      case when trial then 'free_trial' else 'active' end,
      case when trial then now() + interval '30 days' end
    );
  elsif new.plan is not null then
    update accounts set plan_type = new.plan, updated_at = now() where account_id = new.account_id;
  end if;
  new.plan := null;
  return new;
end
$$;
create trigger workspaces_plan_to_account before insert or update of plan on workspaces
  for each row execute function workspaces_plan_to_account();

-- Who reads an account: the transaction of one of its workspaces, a person in one of its
-- workspaces (to list the workspaces they may open), super users, and the account's own
-- look-across transaction. Accounts are made inside a workspace's transaction (creating a
-- workspace makes its account first) and changed only from one of their workspaces.
alter table accounts enable row level security;
alter table accounts force row level security;
create policy account_access on accounts for select
  using (
    (select app_is_admin())
    or account_id in (select w.account_id from workspaces w where w.workspace_id = (select app_workspace_id()))
    or account_id in (
      select w.account_id from workspaces w
      join workspace_users wu on wu.workspace_id = w.workspace_id
      where wu.user_id = (select app_user_id())
    )
    or account_id = (select app_account_id())
  );
create policy account_create on accounts for insert
  with check ((select app_workspace_id()) is not null);
create policy account_update on accounts for update
  using (account_id in (select w.account_id from workspaces w where w.workspace_id = (select app_workspace_id())))
  with check (account_id in (select w.account_id from workspaces w where w.workspace_id = (select app_workspace_id())));

-- Looking across an account, to count the users it uses: with app.account_id set, its workspaces;
-- with app.account_workspace_ids set to (some of) those, who is in them. Reads only; tenant writes
-- still need the workspace's own scope. The second policy names the workspaces instead of reading
-- workspaces: the workspaces policy already reads workspace_users, and policies may not go round
-- in a circle.
create function app_account_workspace_ids() returns uuid[] language sql stable
  as $$ select nullif(current_setting('app.account_workspace_ids', true), '')::uuid[] $$;
create policy account_lookup on workspaces for select
  using (account_id = (select app_account_id()));
create policy account_lookup on workspace_users for select
  using (workspace_id = any ((select app_account_workspace_ids())::uuid[]));

grant select, insert, update on accounts to formwork_app;
revoke delete on accounts from formwork_app;
