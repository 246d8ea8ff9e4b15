import type { FolderSettings, FolderTimeZoneUpdate } from '@formwork/shared/schemas/settings';
import { folderTimeZoneMessages } from '@formwork/shared/schemas/settings';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './settings.queries.ts';

/** The zones of the verified folder: its own, what it inherits (project, then workspace), and the one it shows. */
async function zonesOf(tx: Tx, ctx: AccessContext) {
  const { folder, workspace } = ctx;
  if (folder.kind === 'company') return { own: null, inherited: workspace.timeZone, shown: workspace.timeZone };
  const zones = await queries.folderZones(tx, workspace.workspaceId, folder.folderId);
  const inherited = (folder.kind === 'team' ? zones.parent : null) ?? workspace.timeZone;
  return { own: zones.own, inherited, shown: zones.own ?? inherited };
}

/** The settings of the verified folder (the route step checked `settings.view`). */
export async function folderSettings(db: AppDb, ctx: AccessContext): Promise<FolderSettings> {
  const { folder } = ctx;
  const zones = await inScope(db, ctx.scope, (tx) => zonesOf(tx, ctx));
  return {
    folderId: folder.folderId,
    kind: folder.kind,
    name: folder.name,
    timeZone: zones.shown,
    ownTimeZone: zones.own,
    inheritedTimeZone: zones.inherited,
  };
}

/** The zone the folder's dates show in (issue 23.1), for anyone who may see the folder. */
export async function folderTimeZone(db: AppDb, ctx: AccessContext): Promise<{ timeZone: string }> {
  return { timeZone: (await inScope(db, ctx.scope, (tx) => zonesOf(tx, ctx))).shown };
}

/**
 * A project's or team's own time zone (issue 23.1; its controllers, folder.rename), or null to
 * inherit; one audited change. The company's zone is the workspace's (its General settings).
 */
export async function setFolderTimeZone(
  db: AppDb,
  ctx: AccessContext,
  body: FolderTimeZoneUpdate,
): Promise<FolderSettings> {
  const { folder, workspace } = ctx;
  if (folder.kind === 'company')
    throw new AppError('validationFailed', {
      errors: [{ path: 'body.timeZone', message: folderTimeZoneMessages.companyZone }],
    });
  await inScope(db, ctx.scope, async (tx) => {
    const before = await zonesOf(tx, ctx);
    if (before.own === body.timeZone) return;
    await queries.setFolderZone(tx, workspace.workspaceId, folder.folderId, body.timeZone);
    await recordEvents(tx, [
      {
        workspaceId: workspace.workspaceId,
        actorUserId: ctx.user.userId,
        action: 'folder.timeZoneChanged',
        subjectType: folder.kind,
        subjectId: folder.folderId,
        folderPath: [...folder.path],
        details: { name: folder.name, timeZone: body.timeZone, previousTimeZone: before.own },
      },
    ]);
  });
  return folderSettings(db, ctx);
}
