import type { EmbedOrigins, EmbedOriginsUpdate } from '@formwork/shared/schemas/embeds';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope } from '../../db/tenant.ts';
import { recordEvents, workspaceEvent } from '../activity/record-events.ts';
import { linkWorkspaceId } from '../links/links.service.ts';
import * as queries from './embeds.queries.ts';

/**
 * Embedded templates (issue 22.3): the workspace lists the sites (origins) that may frame its
 * submission links' embedded pages; the page route names exactly those in `frame-ancestors`.
 */

/** The workspace's allowed embed origins (the route step checked the verb on the folder). */
export async function embedOrigins(db: AppDb, ctx: AccessContext): Promise<EmbedOrigins> {
  return { origins: await inScope(db, ctx.scope, (tx) => queries.embedOrigins(tx, ctx.workspace.workspaceId)) };
}

/**
 * Sets the list as sent (spec 2.6 Security; org controllers): the added and removed origins are one
 * audited change of the workspace's settings, in the same transaction. Sending the same list is a no-op.
 */
export async function setEmbedOrigins(db: AppDb, ctx: AccessContext, body: EmbedOriginsUpdate): Promise<EmbedOrigins> {
  const { workspaceId, name } = ctx.workspace;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await queries.embedOrigins(tx, workspaceId);
    const added = body.origins.filter((o) => !before.includes(o));
    const removed = before.filter((o) => !body.origins.includes(o));
    for (const origin of removed) await queries.removeEmbedOrigin(tx, workspaceId, origin);
    for (const origin of added) await queries.addEmbedOrigin(tx, workspaceId, origin, ctx.user.userId);
    if (added.length > 0 || removed.length > 0) {
      await recordEvents(tx, [
        workspaceEvent(workspaceId, ctx.user.userId, 'workspace.updated', {
          name,
          changed: ['embedOrigins'],
          addedEmbedOrigins: added,
          removedEmbedOrigins: removed,
        }),
      ]);
    }
    return { origins: await queries.embedOrigins(tx, workspaceId) };
  });
}

/**
 * The origins that may frame a link's embedded page: its workspace's list. An unknown token has
 * none (its page stays unframable).
 */
export async function framingOriginsOfLink(db: AppDb, token: string): Promise<string[]> {
  const workspaceId = await linkWorkspaceId(db, token);
  if (!workspaceId) return [];
  const scope: Scope = { workspaceId, userId: null, isAdmin: false };
  return inScope(db, scope, (tx) => queries.embedOrigins(tx, workspaceId));
}
