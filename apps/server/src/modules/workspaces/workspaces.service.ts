import { randomUUID } from 'node:crypto';
import { createWorkspaceAccess, createWorkspaceDenied } from '@formwork/shared/permissions';
import type { AccessibleWorkspace, CreateWorkspace, Workspace } from '@formwork/shared/schemas/workspaces';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import type { SignedInUser } from '../../http/auth.ts';
import { personalScope } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './workspaces.queries.ts';

/** Spec 2.1, 7: the workspaces the user may open, each with its region. */
export async function accessibleWorkspaces(db: AppDb, user: SignedInUser): Promise<AccessibleWorkspace[]> {
  return inScope(db, personalScope(user), (tx) => queries.accessibleWorkspaces(tx, user.userId));
}

/** Spec 5.4: super users search every workspace by name (2 or more characters, trimmed). */
export async function searchWorkspaces(db: AppDb, user: SignedInUser, q: string): Promise<Workspace[]> {
  if (!user.isAdmin) throw new AppError('forbidden');
  return inScope(db, personalScope(user), (tx) => queries.searchWorkspaces(tx, q, 20));
}

/**
 * Spec 5.4, 6: admins, visitors and visitor-only users may create a workspace; org controllers
 * too when their current workspace's plan allows extra workspaces.
 */
export async function createWorkspace(
  db: AppDb,
  user: SignedInUser,
  input: CreateWorkspace,
  region: string,
): Promise<AccessibleWorkspace> {
  const from = input.fromWorkspaceId
    ? await inScope(db, personalScope(user), (tx) =>
        queries.membershipIn(tx, user.userId, input.fromWorkspaceId as string),
      )
    : undefined;
  if (input.fromWorkspaceId && !from && !user.isAdmin) throw new AppError('notFound');
  const access = createWorkspaceAccess({
    isAdmin: user.isAdmin,
    isVisitorOnly: user.isVisitorOnly,
    userType: from?.userType ?? null,
    isOrgController: from?.isOrgController ?? false,
    plan: from?.plan ?? null,
  });
  if (!access.enabled) throw new AppError('forbidden', { detail: createWorkspaceDenied });

  const workspaceId = randomUUID();
  return inScope(db, { userId: user.userId, workspaceId, isAdmin: user.isAdmin }, async (tx) => {
    const workspace = await queries.insertWorkspace(tx, {
      workspaceId,
      name: input.name,
      region,
      creatorId: user.userId,
    });
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: user.userId,
        action: 'workspace.created',
        subjectType: 'workspace',
        subjectId: workspaceId,
        folderPath: [workspaceId],
        details: { name: input.name },
      },
    ]);
    return { ...workspace, userType: 'contributor', isOrgController: true };
  });
}
