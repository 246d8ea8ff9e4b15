import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { postgresErrorCode } from '../src/http/errors.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { testConfig } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('migrations', () => {
  it('are applied once: running them again changes nothing', async () => {
    expect(await migrate(database)).toEqual([]);
    const rows = await database.db.execute<{ name: string }>(sql`select name from formwork_meta.migrations`);
    expect(rows.rows.map((r) => r.name)).toContain('0001_foundation.sql');
  });
});

describe('demo seed', () => {
  it('never runs in production, even on an empty database', async () => {
    const count = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`select (select count(*) from users) + (select count(*) from workspaces) as n`,
        )
      ).rows[0]?.n;
    expect(Number(await count())).toBe(0);
    // main.ts calls the seed on every start; the seed itself refuses production.
    expect(await seedDemo(database, testConfig({ NODE_ENV: 'production' }))).toBeUndefined();
    expect(Number(await count())).toBe(0);
  });

  it('creates Acme Construction with 3 projects of 3 teams and one user per role, once', async () => {
    const seeded = await seedDemo(database, testConfig());
    expect(seeded?.users.length).toBeGreaterThanOrEqual(9);
    const counts = await database.db.execute<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from folders group by kind order by kind`,
    );
    // Acme's tree, and the company folders of the visitor's own trial workspaces (running, ended).
    expect(counts.rows).toEqual([
      { kind: 'company', n: 3 },
      { kind: 'project', n: 3 },
      { kind: 'team', n: 9 },
    ]);
    expect(await seedDemo(database, testConfig())).toBeUndefined();
  });

  it("puts Acme on a paid managed account and the visitor's workspaces on self-service free trials, one ended", async () => {
    const rows = await database.db.execute<Record<string, unknown>>(sql`
      select w.name, a.name as account_name, a.account_type, a.plan_type, a.subscription_status,
             a.trial_end_date > now() + interval '29 days' as trial_ahead
      from workspaces w join accounts a using (account_id) order by w.name`);
    expect(rows.rows).toEqual([
      {
        name: 'Acme Construction',
        account_name: 'Acme Group',
        account_type: 'managed',
        plan_type: 'premium',
        subscription_status: 'active',
        trial_ahead: null,
      },
      {
        name: 'Bright Sparks Electrical',
        account_name: 'Bright Sparks Electrical',
        account_type: 'self_service',
        plan_type: 'free_trial',
        subscription_status: 'free_trial',
        trial_ahead: true,
      },
      {
        // Ended 10 days before the seed ran: still free_trial until its job runs (it is queued).
        name: 'Old Mill Joinery',
        account_name: 'Old Mill Joinery',
        account_type: 'self_service',
        plan_type: 'free_trial',
        subscription_status: 'free_trial',
        trial_ahead: false,
      },
    ]);
    const due = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from jobs j join workspaces w using (workspace_id)
      where w.name = 'Old Mill Joinery' and j.kind = 'account.trialEnd' and j.run_after <= now()`);
    expect(due.rows).toEqual([{ n: 1 }]);
  });
});

describe('PostgreSQL errors', () => {
  it('are read from the innermost cause', () => {
    const wrapped = new Error('query failed', { cause: Object.assign(new Error('dup'), { code: '23505' }) });
    expect(postgresErrorCode(wrapped)).toBe('23505');
    expect(postgresErrorCode(new Error('plain'))).toBeUndefined();
  });
});
