import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrationFiles } from '../src/db/migrate.ts';
import { postgresErrorCode } from '../src/http/errors.ts';

/**
 * 0010_accounts over data written before it: a fresh PGlite migrated to 0009, three workspaces in
 * the old shape, then the migrations up to 0015, which drops what 0010 kept for old statements.
 */
const migrationsDir = path.resolve(import.meta.dirname, '../src/db/migrations');
const accountsMigration = '0010_accounts.sql';
const planDropped = '0015_workspaces_plan_dropped.sql';

/** The SQLSTATE a statement fails with, or 'succeeded'. */
function sqlState(statement: Promise<unknown>) {
  return statement.then(() => 'succeeded', postgresErrorCode);
}

async function apply(database: Database, files: string[]) {
  for (const file of files) await database.execScript(readFileSync(path.join(migrationsDir, file), 'utf8'));
}

let database: Database;
const premium = crypto.randomUUID();
const recentTrial = crypto.randomUUID();
const oldTrial = crypto.randomUUID();

beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite' });
  const files = migrationFiles();
  await apply(
    database,
    files.filter((f) => f < accountsMigration),
  );
  await database.execScript(`
    insert into workspaces (workspace_id, name, plan, region, created_at) values
      ('${premium}', 'Paid Co', 'premium', 'local', now() - interval '400 days'),
      ('${recentTrial}', 'Trying Co', 'free_trial', 'local', now() - interval '3 days'),
      ('${oldTrial}', 'Lapsed Co', 'free_trial', 'local', now() - interval '45 days');
  `);
  await apply(
    database,
    files.filter((f) => f >= accountsMigration && f < planDropped),
  );
});
afterAll(() => database.close());

type AccountRow = {
  name: string;
  account_name: string;
  account_type: string;
  plan_type: string;
  subscription_status: string;
  trial_days: number | null;
  plan: string | null;
};

async function workspacesWithAccounts(): Promise<AccountRow[]> {
  const result = await database.db.execute<AccountRow>(sql`
    select w.name, a.name as account_name, a.account_type, a.plan_type, a.subscription_status,
           extract(day from a.trial_end_date - w.created_at)::int as trial_days, w.plan
    from workspaces w join accounts a using (account_id) order by w.name`);
  return result.rows;
}

describe('0010_accounts', () => {
  it('backfills one account per workspace, on its plan, named after it; the workspace plan column is emptied', async () => {
    expect(await workspacesWithAccounts()).toEqual([
      {
        name: 'Lapsed Co',
        account_name: 'Lapsed Co',
        account_type: 'self_service',
        plan_type: 'free_trial',
        subscription_status: 'expired_trial',
        trial_days: 30,
        plan: null,
      },
      {
        name: 'Paid Co',
        account_name: 'Paid Co',
        account_type: 'managed',
        plan_type: 'premium',
        subscription_status: 'active',
        trial_days: null,
        plan: null,
      },
      {
        name: 'Trying Co',
        account_name: 'Trying Co',
        account_type: 'self_service',
        plan_type: 'free_trial',
        subscription_status: 'free_trial',
        trial_days: 30,
        plan: null,
      },
    ]);
    const distinct = await database.db.execute<{ n: number }>(
      sql`select count(distinct account_id)::int as n from workspaces`,
    );
    expect(distinct.rows[0]?.n).toBe(3);
  });

  it('every workspace needs an account that exists', async () => {
    const missing = crypto.randomUUID();
    const insert = database.db.execute(
      sql`insert into workspaces (workspace_id, name, region, account_id) values (${missing}, 'X', 'local', ${missing})`,
    );
    // 23503: the foreign key to accounts, not any other failure.
    expect(await sqlState(insert)).toBe('23503');
  });

  it('an old-style insert (a plan, no account) gets an account of its own on that plan', async () => {
    const id = crypto.randomUUID();
    await database.execScript(`
      begin;
      select set_config('app.workspace_id', '${id}', true);
      set local role formwork_app;
      insert into workspaces (workspace_id, name, region, plan) values ('${id}', 'Bench Co', 'local', 'platinum');
      commit;`);
    const rows = await database.db.execute<{ plan: string | null; plan_type: string; account_type: string }>(sql`
      select w.plan, a.plan_type, a.account_type from workspaces w join accounts a using (account_id)
      where w.workspace_id = ${id}`);
    expect(rows.rows).toEqual([{ plan: null, plan_type: 'platinum', account_type: 'managed' }]);
  });

  it("an old-style plan update changes the account's plan, and the column stays empty", async () => {
    await database.db.execute(sql`update workspaces set plan = 'standard' where workspace_id = ${premium}`);
    const rows = await database.db.execute<{ plan: string | null; plan_type: string }>(sql`
      select w.plan, a.plan_type from workspaces w join accounts a using (account_id)
      where w.workspace_id = ${premium}`);
    expect(rows.rows).toEqual([{ plan: null, plan_type: 'standard' }]);
  });

  it('0015 drops the workspace plan column and its trigger; every workspace keeps its account', async () => {
    await apply(
      database,
      migrationFiles().filter((f) => f >= planDropped),
    );
    const column = await database.db.execute(sql`
      select 1 from information_schema.columns where table_name = 'workspaces' and column_name = 'plan'`);
    expect(column.rows).toEqual([]);
    const orphans = await database.db.execute(sql`
      select 1 from workspaces w left join accounts a using (account_id) where a.account_id is null`);
    expect(orphans.rows).toEqual([]);
    const plans = await database.db.execute<{ plan_type: string }>(sql`
      select a.plan_type from workspaces w join accounts a using (account_id) where w.workspace_id = ${premium}`);
    expect(plans.rows).toEqual([{ plan_type: 'standard' }]);
  });

  it('refuses a trial without its end date, and values outside the closed sets', async () => {
    const insert = (values: string) =>
      database.execScript(
        `insert into accounts (account_id, name, account_type, plan_type, subscription_status, trial_end_date)
         values ('${crypto.randomUUID()}', 'A', ${values})`,
      );
    // 23514: a check constraint refuses each (not a typo in the statement, which would be 42xxx).
    expect(await sqlState(insert(`'self_service', 'free_trial', 'free_trial', null`))).toBe('23514');
    expect(await sqlState(insert(`'self-service', 'pro', 'active', null`))).toBe('23514');
    expect(await sqlState(insert(`'managed', 'gold', 'active', null`))).toBe('23514');
    expect(await sqlState(insert(`'managed', 'pro', 'trialing', null`))).toBe('23514');
    await expect(insert(`'managed', 'pro', 'active', null`)).resolves.toBeUndefined();
  });
});
