import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { auditEvents, folders, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

/** Events of a folder and everything below it, newest first, after the keyset cursor. */
export async function folderEvents(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  page: { before: number | undefined; limit: number },
) {
  return tx
    .select({
      eventId: auditEvents.eventId,
      action: auditEvents.action,
      subjectType: auditEvents.subjectType,
      subjectId: auditEvents.subjectId,
      folderPath: auditEvents.folderPath,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
      actorUserId: users.userId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
      subjectName: folders.name,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.userId, auditEvents.actorUserId))
    .leftJoin(
      folders,
      and(eq(folders.workspaceId, auditEvents.workspaceId), eq(folders.folderId, auditEvents.subjectId)),
    )
    .where(
      and(
        eq(auditEvents.workspaceId, workspaceId),
        sql`${auditEvents.folderPath} @> array[${folderId}]::uuid[]`,
        page.before === undefined ? undefined : lt(auditEvents.eventId, page.before),
      ),
    )
    .orderBy(desc(auditEvents.eventId))
    .limit(page.limit);
}
