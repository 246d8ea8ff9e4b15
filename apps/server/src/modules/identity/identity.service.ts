import type { CurrentUser, UpdateCurrentUser, UsageEvent } from '@formwork/shared/schemas/identity';
import { personalScope } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import * as queries from './identity.queries.ts';

export async function getCurrentUser(db: AppDb, user: SignedInUser): Promise<CurrentUser> {
  const row = await inScope(db, personalScope(user), (tx) => queries.getCurrentUser(tx, user.userId));
  if (!row) throw new AppError('unauthenticated');
  return row;
}

export async function updateCurrentUser(
  db: AppDb,
  user: SignedInUser,
  changes: UpdateCurrentUser,
): Promise<CurrentUser> {
  const row = await inScope(db, personalScope(user), (tx) => queries.updateCurrentUser(tx, user.userId, changes));
  if (!row) throw new AppError('unauthenticated');
  return row;
}

export async function recordUsageEvent(db: AppDb, user: SignedInUser, event: UsageEvent): Promise<void> {
  await inScope(db, personalScope(user), (tx) => queries.insertUsageEvent(tx, user.userId, event.name, event.context));
}
