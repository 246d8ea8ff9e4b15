import { randomUUID } from 'node:crypto';
import type { AppDb } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { inScope, systemScope } from '../src/db/tenant.ts';

export type UserOverrides = Partial<typeof users.$inferInsert>;

/** A person in the global directory, with a unique e-mail unless one is given. */
export async function createUser(db: AppDb, overrides: UserOverrides = {}) {
  const [row] = await inScope(db, systemScope, (tx) =>
    tx
      .insert(users)
      .values({ email: `user-${randomUUID()}@example.com`, firstName: 'Test', lastName: 'User', ...overrides })
      .returning(),
  );
  if (!row) throw new Error('user not created');
  return row;
}
