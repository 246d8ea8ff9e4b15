import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { appRole, commitWithNext, inScope, readInScope, type Scope, type Tx } from '../src/db/tenant.ts';
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

describe('commitWithNext', () => {
  it('commits with the next statement: its change stays, and nothing may run in the transaction after it', async () => {
    const marker = randomUUID();
    await single.db.execute(sql`create table if not exists commit_probe (id uuid)`);
    await single.db.execute(sql`grant select, insert on commit_probe to ${sql.raw(appRole)}`);
    const late = inScope(single.db, scope, async (tx) => {
      await tx.execute(sql`select ${1}::int`);
      commitWithNext(tx);
      const inserted = await tx.execute<{ id: string }>(
        sql`insert into commit_probe values (${marker}::uuid) returning id`,
      );
      expect(inserted.rows).toEqual([{ id: marker }]);
      // A statement after the commit would run outside the scope: refused (on PGlite there is none to refuse).
      if (database.url) await tx.execute(sql`select ${2}::int`);
      throw new Error('after the commit');
    });
    const error = await late.then(
      () => undefined,
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(error).toMatch(database.url ? /after its commit/ : 'after the commit');
    const kept = await single.db.execute<{ n: number }>(
      sql`select count(*)::int as n from commit_probe where id = ${marker}::uuid`,
    );
    // On PostgreSQL the insert was committed with its statement; PGlite's transaction rolled back.
    expect(kept.rows[0]?.n).toBe(database.url ? 1 : 0);
    // The connection goes on with the scope.
    const next = await inScope(single.db, scope, (tx) => tx.execute<{ workspace: string }>(settings));
    expect(next.rows[0]?.workspace).toBe(scope.workspaceId);
  });

  it('rolls back when the statement carrying the commit fails, and the connection goes on', async () => {
    const marker = randomUUID();
    const failed = inScope(single.db, scope, async (tx) => {
      await tx.execute(sql`insert into commit_probe values (${marker}::uuid)`);
      commitWithNext(tx);
      await tx.execute(sql`select 1 / ${0}::int`);
    });
    expect(await failure(failed)).toBe(divisionByZero);
    const kept = await single.db.execute<{ n: number }>(
      sql`select count(*)::int as n from commit_probe where id = ${marker}::uuid`,
    );
    expect(kept.rows[0]?.n).toBe(0);
    const commitsAlone = await inScope(single.db, scope, async (tx) => {
      commitWithNext(tx);
      return (await tx.execute<{ workspace: string; user: string }>(sql`${settings} where 1 = ${1}`)).rows;
    });
    expect(commitsAlone).toEqual([{ workspace: scope.workspaceId, user: appRole }]);
    const after = await single.db.execute<{ workspace: string | null }>(settings);
    expect(after.rows[0]?.workspace ?? '').toBe('');
  });
});
