import type { ActivityPage } from '@formwork/shared/schemas/activity';
import { encodeCursor } from '@formwork/shared/schemas/cursor';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import * as queries from './activity.queries.ts';

/** Spec 2.2 Activity: the audit events of a folder and below, for anyone who may view the folder. */
export async function folderActivity(
  db: AppDb,
  ctx: AccessContext,
  page: { cursor?: [string] | undefined; limit: number },
): Promise<ActivityPage> {
  const target = ctx.folder;
  const rows = await inScope(db, ctx.scope, (tx) =>
    queries.folderEvents(tx, ctx.workspace.workspaceId, target.folderId, {
      before: page.cursor === undefined ? undefined : Number(page.cursor[0]),
      limit: page.limit + 1,
    }),
  );
  const more = rows.length > page.limit;
  const events = rows.slice(0, page.limit).map((r) => {
    const details = r.details ?? {};
    const actorName = r.actorUserId
      ? `${r.actorFirstName ?? ''} ${r.actorLastName ?? ''}`.trim() || (r.actorEmail ?? '')
      : null;
    return {
      eventId: String(r.eventId),
      action: r.action,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      subjectName: r.subjectName ?? subjectNameIn(details),
      actor: r.actorUserId && actorName !== null ? { userId: r.actorUserId, name: actorName } : null,
      folderPath: r.folderPath,
      details,
      createdAt: r.createdAt.toISOString(),
    };
  });
  const last = events[events.length - 1];
  return { events, nextCursor: more && last ? encodeCursor([last.eventId]) : null };
}

/** What the event's details call its subject: a name (folders, forms, templates), a title (actions) or a file name. */
function subjectNameIn(details: Record<string, unknown>): string | null {
  if (typeof details.name === 'string') return details.name;
  if (typeof details.title === 'string') return details.title;
  if (typeof details.fileName === 'string') return details.fileName;
  return null;
}
