import type { Person } from '@formwork/shared/schemas/people';
import { assertCan } from '../../authz/can.ts';
import { folderContext } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import * as queries from './people.queries.ts';

/** Everyone who can see the team folder, for person fields and action assignees. */
export async function teamPeople(db: AppDb, user: SignedInUser, teamId: string): Promise<Person[]> {
  const ctx = await folderContext(db, user, 'team', teamId);
  assertCan(ctx.viewer, 'folder.view', ctx.folder);
  const rows = await inScope(db, ctx.scope, (tx) =>
    queries.peopleWithRolesAt(tx, ctx.workspace.workspaceId, ctx.folder.path as string[]),
  );
  return rows.map((row) => ({
    userId: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    email: row.email,
    userType: row.user_type,
  }));
}
