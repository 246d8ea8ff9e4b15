import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { requiredUnfillableFields, unfillableTemplateMessage } from '@formwork/shared/link-fields';
import type { Link, LinkCreate, LinkState } from '@formwork/shared/schemas/links';
import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, systemScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { type AuditEvent, recordEvents } from '../activity/record-events.ts';
import * as queries from './links.queries.ts';

/**
 * Submission links (issue 21): a team's controllers make, archive, restore and delete the links
 * through which people without an account submit forms into the team. The route step has checked
 * `link.manage` on the team.
 */

/** A link's public secret: 32 random bytes, URL-safe (unguessable; only its hash is global). */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The global lookup key of a token (link_tokens): a leaked table names no address. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An audit event about a link, shown in the Activity of the link's team. */
function linkEvent(ctx: AccessContext, action: string, link: { id: string; name: string }, details = {}): AuditEvent {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'link',
    subjectId: link.id,
    folderPath: [...ctx.folder.path],
    details: { name: link.name, ...details },
  };
}

function invalid(path: string, message: string): never {
  throw new AppError('validationFailed', { errors: [{ path, message }] });
}

async function linkOf(tx: Tx, ctx: AccessContext, linkId: string): Promise<Link> {
  const link = await queries.linkOfTeam(tx, ctx.workspace.workspaceId, ctx.folder.folderId, linkId);
  if (!link) throw new AppError('linkNotFound');
  return link;
}

export async function listLinks(db: AppDb, ctx: AccessContext, state: LinkState): Promise<{ links: Link[] }> {
  return {
    links: await inScope(db, ctx.scope, (tx) =>
      queries.linksOfTeam(tx, ctx.workspace.workspaceId, ctx.folder.folderId, state),
    ),
  };
}

export async function getLink(db: AppDb, ctx: AccessContext, linkId: string): Promise<Link> {
  return inScope(db, ctx.scope, (tx) => linkOf(tx, ctx, linkId));
}

/**
 * Spec 3, 5.3, 9: a named single or ongoing link offering 1 to 20 of the team's active templates,
 * optionally expiring and (ongoing) limited to a number of submissions.
 */
export async function createLink(db: AppDb, ctx: AccessContext, body: LinkCreate): Promise<Link> {
  if (body.kind === 'single' && body.maxSubmissions !== null)
    invalid('body.maxSubmissions', 'A single link takes one submission; a maximum is for ongoing links');
  if (body.expiresAt !== null && Date.parse(body.expiresAt) <= Date.now())
    invalid('body.expiresAt', 'The expiry must be in the future');
  const workspaceId = ctx.workspace.workspaceId;
  const teamId = ctx.folder.folderId;
  const linkId = randomUUID();
  const token = newToken();
  if (ctx.folder.state !== 'active')
    throw new AppError('conflict', { detail: 'Links can only be made in an active folder.' });
  return inScope(db, ctx.scope, async (tx) => {
    const usable = await queries.activeTeamTemplates(tx, workspaceId, teamId, body.templateIds);
    body.templateIds.forEach((templateId, index) => {
      const template = usable.get(templateId);
      if (!template) invalid(`body.templateIds.${index}`, "This template isn't available in this team");
      // A required field no one without an account can fill: no submission could ever be made.
      const [unfillable] = requiredUnfillableFields(templateDefinitionSchema.parse(template.definition).fields);
      if (unfillable) invalid(`body.templateIds.${index}`, unfillableTemplateMessage(unfillable.label));
    });
    await queries.insertLink(tx, {
      workspaceId,
      linkId,
      teamId,
      name: body.name,
      kind: body.kind,
      token,
      tokenHash: linkTokenHash(token),
      templateIds: body.templateIds,
      expiresAt: body.expiresAt,
      maxSubmissions: body.maxSubmissions,
      askSubmitterName: body.askSubmitterName,
      askSubmitterEmail: body.askSubmitterEmail,
      userId: ctx.user.userId,
    });
    await recordEvents(tx, [linkEvent(ctx, 'link.created', { id: linkId, name: body.name }, { kind: body.kind })]);
    return linkOf(tx, ctx, linkId);
  });
}

/** Spec 4.1: an active link is archived (it takes no submissions), an archived one restored; the other way is a no-op. */
export async function setLinkState(db: AppDb, ctx: AccessContext, linkId: string, state: LinkState): Promise<Link> {
  return inScope(db, ctx.scope, async (tx) => {
    const before = await linkOf(tx, ctx, linkId);
    if (before.state === state) return before;
    await queries.setLinkState(tx, ctx.workspace.workspaceId, linkId, state);
    await recordEvents(tx, [linkEvent(ctx, state === 'archived' ? 'link.archived' : 'link.restored', before)]);
    return linkOf(tx, ctx, linkId);
  });
}

/** Spec 4.1: a link is permanently deleted; its address stops working. Forms it made stay. */
export async function deleteLink(db: AppDb, ctx: AccessContext, linkId: string): Promise<{ id: string }> {
  return inScope(db, ctx.scope, async (tx) => {
    const before = await linkOf(tx, ctx, linkId);
    await queries.deleteLink(tx, ctx.workspace.workspaceId, linkId);
    await recordEvents(tx, [linkEvent(ctx, 'link.deleted', before)]);
    return { id: linkId };
  });
}

/** The workspace of the link a public token names (any state), or undefined for a forged or deleted one. */
export async function linkWorkspaceId(db: AppDb, token: string): Promise<string | undefined> {
  const named = await inScope(db, systemScope, (tx) => queries.linkByTokenHash(tx, linkTokenHash(token)));
  return named?.workspaceId;
}
