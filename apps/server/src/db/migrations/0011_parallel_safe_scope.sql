-- The scope functions only read transaction settings, which PostgreSQL hands to parallel workers,
-- so they are parallel safe. Declared so (a SQL function is parallel unsafe by default, and one
-- unsafe function in a row-level security policy kept every query of a tenant table serial), a
-- large register's sorted and filtered scan may run on several cores: the first page of a
-- 100,000-form register sorted by a field went from ~84 ms to ~35 ms on PostgreSQL with two
-- workers (docs/decisions/0008-database-work-per-request.md).
alter function app_workspace_id() parallel safe;
alter function app_user_id() parallel safe;
alter function app_is_admin() parallel safe;
alter function app_account_id() parallel safe;
alter function app_account_workspace_ids() parallel safe;
