import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { appRole, inScope, readInScope, type Scope, type Tx } from '../src/db/tenant.ts';
import { postgresErrorCode } from '../src/http/errors.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

// How a scope reaches the database: on PostgreSQL the opening of a transaction (and the settings
// of a single read) travel with its first statement, so these check that the settings still hold,
// end with the transaction, and that failures leave the connection usable. On PGlite the same
// functions run as plain transactions; the expectations are the same.

let database: TestDatabase;
/** One connection, so every call below meets what the previous one left on it. */
let single: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  single = database.url ? await openDatabase({ driver: 'pg', url: database.url, poolSize: 1 }) : database;
});
afterAll(async () => {
  if (single !== database) await single.close();
  await database.dispose();
});

const scope: Scope = { userId: randomUUID(), workspaceId: randomUUID(), isAdmin: false };
/** The PostgreSQL error code a call failed with. */
async function failure(call: Promise<unknown>): Promise<string | undefined> {
  return call.then(
    () => 'no error',
    (error: unknown) => postgresErrorCode(error),
  );
}
const divisionByZero = '22012';

const settings = sql`select current_setting('app.workspace_id', true) as workspace, current_user as "user"`;

describe('readInScope', () => {
  it('runs its statement with the scope and role, which end with it', async () => {
    const [row] = await readInScope<{ workspace: string; user: string }>(
      single.db,
      scope,
      sql`${settings} where ${scope.userId} = current_setting('app.user_id', true)`,
    );
    expect(row).toEqual({ workspace: scope.workspaceId, user: appRole });
    // A statement without values takes another path (a simple query): the same scope.
    expect(await readInScope(single.db, scope, settings)).toEqual([{ workspace: scope.workspaceId, user: appRole }]);
    const after = await single.db.execute<{ workspace: string | null; user: string }>(settings);
    expect(after.rows[0]?.workspace ?? '').toBe('');
    expect(after.rows[0]?.user).not.toBe(appRole);
  });

  it('leaves the connection usable after a failed statement, and runs that statement again', async () => {
    const divide = (by: number) => readInScope<{ q: number }>(single.db, scope, sql`select 6 / ${by}::int as q`);
    expect(await failure(divide(0))).toBe(divisionByZero);
    expect(await failure(divide(0))).toBe(divisionByZero);
    expect(await divide(3)).toEqual([{ q: 2 }]);
    expect(await divide(2)).toEqual([{ q: 3 }]);
  });
});

describe('inScope', () => {
  it('holds the scope for every statement of the transaction, and only there', async () => {
    const seen = await inScope(single.db, scope, async (tx) => {
      const first = await tx.execute<{ workspace: string; user: string }>(sql`${settings} where 1 = ${1}`);
      const second = await tx.execute<{ workspace: string; user: string }>(settings);
      return [first.rows[0], second.rows[0]];
    });
    const expected = { workspace: scope.workspaceId, user: appRole };
    expect(seen).toEqual([expected, expected]);
    const after = await single.db.execute<{ workspace: string | null }>(settings);
    expect(after.rows[0]?.workspace ?? '').toBe('');
  });

  it('opens the transaction before a first statement without values', async () => {
    const seen = await inScope(single.db, scope, async (tx) => {
      const first = await tx.execute<{ workspace: string; user: string }>(settings);
      const second = await tx.execute<{ workspace: string; user: string }>(settings);
      return [first.rows[0], second.rows[0]];
    });
    const expected = { workspace: scope.workspaceId, user: appRole };
    expect(seen).toEqual([expected, expected]);
  });

  it('rolls back when the work fails, its first statement included, and the connection goes on', async () => {
    const marker = randomUUID();
    const failed = inScope(single.db, scope, async (tx) => {
      await tx.execute(sql`select ${marker}::uuid, 1 / ${0}::int`);
    });
    expect(await failure(failed)).toBe(divisionByZero);
    await expect(
      inScope(single.db, scope, async (tx) => {
        await tx.execute(sql`create temporary table scope_probe (id uuid) on commit drop`);
        await tx.execute(sql`insert into scope_probe values (${marker}::uuid)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ok = await inScope(single.db, scope, (tx) =>
      tx.execute<{ n: number; probe: string | null }>(
        sql`select ${2}::int as n, to_regclass('scope_probe')::text as probe`,
      ),
    );
    expect(ok.rows).toEqual([{ n: 2, probe: null }]);
  });

  it('runs again, later in a transaction, a first statement that failed', async () => {
    const divide = (tx: Tx, by: number) => tx.execute<{ q: number }>(sql`select 12 / ${by}::int as q`);
    expect(await failure(inScope(single.db, scope, (tx) => divide(tx, 0)))).toBe(divisionByZero);
    const later = await inScope(single.db, scope, async (tx) => {
      await tx.execute(sql`select ${1}::int`);
      return (await divide(tx, 2)).rows;
    });
    expect(later).toEqual([{ q: 6 }]);
  });

  it('answers without a transaction when the work runs no statement, failing or not', async () => {
    expect(await inScope(single.db, scope, async () => 'nothing asked')).toBe('nothing asked');
    await expect(
      inScope(single.db, scope, async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    const next = await inScope(single.db, scope, (tx) => tx.execute<{ workspace: string }>(settings));
    expect(next.rows[0]?.workspace).toBe(scope.workspaceId);
  });
});
