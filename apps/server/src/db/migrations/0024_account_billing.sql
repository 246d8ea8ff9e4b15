-- Billing of an account (spec 3, 4.4, 5.6): the subscription's term and the licences paid for,
-- beside the users used (counted when asked, 0010). A trial account has no term and nothing paid.
alter table accounts
  add column subscription_term text check (subscription_term in ('monthly', 'one_year')),
  add column contributor_users_paid integer not null default 0 check (contributor_users_paid >= 0),
  add column paid_users_paid integer not null default 0 check (paid_users_paid >= 0);

-- Subscription states change in jobs, not in a page's clock (spec 4.4): a free trial ends when
-- its date passes, whether or not anyone is signed in. Each trial account gets one
-- 'account.trialEnd' job, run after its trial end date in one of its workspaces (the company
-- folder). Accounts on a free trial before this migration get theirs here (as the owner: no scope
-- is set while migrating).
alter table jobs no force row level security;
alter table accounts no force row level security;
alter table workspaces no force row level security;
alter table folders no force row level security;
insert into jobs (workspace_id, job_id, kind, folder_id, params, run_after)
select w.workspace_id, gen_random_uuid(), 'account.trialEnd', w.workspace_id,
       jsonb_build_object('accountId', a.account_id), a.trial_end_date
from accounts a
join lateral (
  select w.workspace_id from workspaces w
  join folders f on f.workspace_id = w.workspace_id and f.folder_id = w.workspace_id
  where w.account_id = a.account_id order by w.created_at, w.workspace_id limit 1
) w on true
where a.subscription_status = 'free_trial';
alter table jobs force row level security;
alter table accounts force row level security;
alter table workspaces force row level security;
alter table folders force row level security;
