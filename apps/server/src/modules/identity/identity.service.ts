import type { CurrentUser, UpdateCurrentUser, UsageEvent } from '@formwork/shared/schemas/identity';
import { personalScope } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { iso, parseJson } from '../../db/sql-values.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { csvText } from '../../files/csv.ts';
import * as queries from './identity.queries.ts';
import { recordUsageEvent } from './usage-events.ts';

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

/** Records a usage event of the person; a workspace they do not belong to is not found (404). */
export async function saveUsageEvent(db: AppDb, user: SignedInUser, event: UsageEvent): Promise<void> {
  const recorded = await inScope(db, personalScope(user), (tx) =>
    recordUsageEvent(tx, { ...event, userId: user.userId }),
  );
  if (!recorded) throw new AppError('notFound');
}

/**
 * Issue 25.3: the product events of a period (sign-up steps, the e-mail sign-in link, the roadmap
 * link) as CSV, for the people who run the product (platform admins) alone.
 */
export async function usageEventsCsv(db: AppDb, user: SignedInUser, period: { from: string; to: string }) {
  if (!user.isAdmin) throw new AppError('forbidden');
  const rows = await inScope(db, personalScope(user), (tx) => queries.usageEventsBetween(tx, period.from, period.to));
  const cells = rows.map((r) => [
    iso(r.created_at),
    r.name,
    r.email,
    r.workspace_name,
    JSON.stringify(parseJson(r.context) ?? {}),
  ]);
  return {
    csv: csvText(['Time (UTC)', 'Event', 'Person', 'Workspace', 'Context'], cells),
    fileName: `product-events-${period.from}-to-${period.to}.csv`,
  };
}
