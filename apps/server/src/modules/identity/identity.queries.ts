import type { UpdateCurrentUser } from '@formwork/shared/schemas/identity';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

const currentUserColumns = {
  userId: users.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  mobile: users.mobile,
  isAdmin: users.isAdmin,
  isSso: users.isSso,
  isVisitorOnly: users.isVisitorOnly,
};

export async function getCurrentUser(tx: Tx, userId: string) {
  const [row] = await tx.select(currentUserColumns).from(users).where(eq(users.userId, userId));
  return row;
}

export async function updateCurrentUser(tx: Tx, userId: string, changes: UpdateCurrentUser) {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.userId, userId))
    .returning(currentUserColumns);
  return row;
}
