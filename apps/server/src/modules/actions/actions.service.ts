import { createHash } from 'node:crypto';
import { actionItemAccess, type FolderRef, type Membership, type RoleGrant } from '@formwork/shared/permissions';
import {
  type Action,
  type ActionPage,
  type ActionParams,
  type ActionState,
  type AssignActionBody,
  actionInvalidMessage,
  actionStateLabels,
  type CreateActionBody,
  type MyActionsQuery,
  type ResetActionBody,
  type TeamActionsQuery,
  type UpdateActionBody,
} from '@formwork/shared/schemas/actions';
import { encodeCursor } from '@formwork/shared/schemas/cursor';
import type { AccessContext } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recipientLocales } from '../../i18n/recipient-locale.ts';
import { textsIn } from '../../i18n/texts.ts';
import { enqueueMail } from '../../mail/mail.ts';
import { requireForm, teamPlace } from '../forms/load-form.service.ts';
import { teamPerson } from '../people/people.service.ts';
import * as queries from './actions.queries.ts';

type TeamContext = AccessContext;
type Viewer = { userId: string; membership: Membership; team: FolderRef };

/** Where links in e-mails point (the web app's launch route reads ?actionId, spec 2.1). */
export type ActionDeps = { db: AppDb; publicUrl: string };

function teamRef(record: queries.ActionRecord): FolderRef {
  return { kind: 'team', path: [record.workspaceId, record.projectId, record.teamId] };
}

export function toAction(record: queries.ActionRecord, viewer: Viewer): Action {
  const access = actionItemAccess(viewer.membership, viewer.team, {
    state: record.state,
    assignedToViewer: record.assigneeId === viewer.userId,
  });
  return {
    actionId: record.actionId,
    path: {
      workspace: { id: record.workspaceId, name: record.workspaceName },
      project: { id: record.projectId, name: record.projectName },
      team: { id: record.teamId, name: record.teamName },
    },
    formId: record.formId,
    fieldId: record.fieldId,
    title: record.title,
    description: record.description,
    dueDate: record.dueDate,
    priority: record.priority,
    assignee: record.assigneeId
      ? {
          userId: record.assigneeId,
          name: record.assigneeName ?? record.assigneeEmail ?? '',
          email: record.assigneeEmail ?? '',
        }
      : null,
    state: record.state,
    stateLabel: actionStateLabels[record.state],
    version: record.version,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedBy: record.updatedBy,
    updatedAt: record.updatedAt,
    assignedAt: record.assignedAt,
    completedBy: record.completedBy,
    completedAt: record.completedAt,
    access: { edit: access.edit, assign: access.assign, complete: access.complete, reset: access.reset },
  };
}

function viewerOf(ctx: TeamContext): Viewer {
  return { userId: ctx.user.userId, membership: ctx.viewer, team: ctx.folder };
}

function invalid(path: string, message: string): AppError {
  return new AppError('actionInvalid', { errors: [{ path, message }] });
}

function canonicalHash(content: Record<string, unknown>): string {
  const sorted = Object.keys(content)
    .sort()
    .map((k) => [k, content[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('base64url');
}

function assertTeamOpen(ctx: TeamContext): void {
  if (ctx.folder.state !== 'active') {
    throw new AppError('actionState', { detail: 'This folder is archived: its actions cannot be changed.' });
  }
}

/** An assignee must be able to see the action's team (the people of GET /api/teams/:teamId/people). */
async function assigneeOf(tx: Tx, ctx: TeamContext, userId: string) {
  const person = await teamPerson(tx, ctx.workspace.workspaceId, ctx.folder.path as string[], userId);
  if (!person) throw invalid('assigneeId', 'The assignee must be someone who can see this team');
  return person;
}

/** The assignment e-mail, in the assignee's locale, queued in the same transaction as the change (sent if it commits). */
async function mailAssignee(
  tx: Tx,
  deps: ActionDeps,
  actor: SignedInUser,
  record: queries.ActionRecord,
  assignee: { email: string; name: string },
): Promise<void> {
  const localeOf = await recipientLocales(tx, record.workspaceId, [assignee.email]);
  const { locale, t } = textsIn(localeOf(assignee.email));
  const actorName = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  // The link names the workspace too: action ids are unique per workspace only.
  const search = new URLSearchParams({ actionId: record.actionId, workspaceId: record.workspaceId });
  const due = record.dueDate
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${record.dueDate}T00:00:00Z`),
      )
    : t('mail.actionAssigned.noDueDate');
  await enqueueMail(tx, {
    to: assignee.email,
    subject: t('mail.actionAssigned.subject', { title: record.title }),
    text: t('mail.actionAssigned.body', {
      name: assignee.name,
      actor: actorName,
      workspace: record.workspaceName,
      project: record.projectName,
      team: record.teamName,
      title: record.title,
      due,
      priority: t(`mail.actionAssigned.priorities.${record.priority}`),
      description: record.description ? `\n\n${record.description}` : '',
      link: `${deps.publicUrl}/launch?${search}`,
    }),
  });
}

async function audit(
  tx: Tx,
  ctx: TeamContext,
  actionId: string,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await queries.recordActionEvent(tx, {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    actionId,
    folderPath: ctx.folder.path as string[],
    details,
  });
}

async function reload(tx: Tx, ctx: TeamContext, actionId: string): Promise<queries.ActionRecord> {
  const record = await queries.actionById(tx, ctx.workspace.workspaceId, actionId);
  if (!record) throw new AppError('actionNotFound');
  return record;
}

/** Checks the form (and its Actions field) the action is raised on belongs to the team. */
async function checkForm(tx: Tx, ctx: TeamContext, formId: string | null, fieldId: string | null): Promise<void> {
  if (!formId) {
    if (fieldId) throw invalid('fieldId', 'An Actions field belongs to a form: give its formId');
    return;
  }
  const form = await requireForm(tx, teamPlace(ctx), formId);
  if (!fieldId) return;
  const field = form.definition.fields.find((f) => f.id === fieldId);
  if (field?.type !== 'actions') throw invalid('fieldId', "This is not an Actions field of the form's template");
}

/**
 * Raises an action in a team, on a form or on its own; a draft, or assigned at once with `assign`.
 * Idempotent by the client's action id: the same create again answers the action it made.
 */
export async function createAction(
  deps: ActionDeps,
  access: AccessContext,
  teamId: string,
  body: CreateActionBody,
): Promise<{ created: boolean; action: Action }> {
  const ctx = access;
  const viewer = viewerOf(ctx);
  const workspaceId = ctx.workspace.workspaceId;
  const { actionId, assign, ...content } = body;
  const hash = canonicalHash({ teamId, assign, ...content });
  return inScope(deps.db, ctx.scope, async (tx) => {
    const replay = async () => {
      const taken = await queries.actionIdTaken(tx, workspaceId, actionId);
      if (!taken || taken.teamId !== teamId || taken.createHash !== hash) {
        throw new AppError('duplicate', { detail: 'A different action already has this id' });
      }
      return { created: false, action: toAction(await reload(tx, ctx, actionId), viewer) };
    };
    if (await queries.actionIdTaken(tx, workspaceId, actionId)) return replay();
    assertTeamOpen(ctx);
    await checkForm(tx, ctx, body.formId, body.fieldId);
    if (assign && !body.assigneeId) throw invalid('assigneeId', 'Choose who the action is assigned to');
    const assignee = body.assigneeId ? await assigneeOf(tx, ctx, body.assigneeId) : null;
    const inserted = await queries.insertAction(tx, {
      workspaceId,
      actionId,
      teamId,
      formId: body.formId,
      fieldId: body.fieldId,
      title: body.title,
      description: body.description,
      dueDate: body.dueDate,
      priority: body.priority,
      assigneeId: body.assigneeId,
      state: assign ? 'assigned' : 'draft',
      createHash: hash,
      userId: ctx.user.userId,
    });
    if (!inserted) return replay();
    const record = await reload(tx, ctx, actionId);
    await audit(tx, ctx, actionId, 'action.created', { title: record.title, formId: record.formId });
    if (assign && assignee) {
      await mailAssignee(tx, deps, ctx.user, record, assignee);
      await audit(tx, ctx, actionId, 'action.assigned', { title: record.title, assigneeId: assignee.userId });
    }
    return { created: true, action: toAction(record, viewer) };
  });
}

type Right = 'view' | 'edit' | 'assign' | 'complete' | 'reset';

/** Loads the action in its verified team and checks the viewer's right on it: 403 without it. */
async function withAction<T>(
  db: AppDb,
  access: AccessContext,
  ref: ActionParams,
  right: Right,
  work: (tx: Tx, ctx: TeamContext, record: queries.ActionRecord) => Promise<T>,
): Promise<T> {
  const { actionId } = ref;
  const ctx = access;
  return inScope(db, ctx.scope, async (tx) => {
    const record = await queries.actionById(tx, ctx.workspace.workspaceId, actionId, { forUpdate: right !== 'view' });
    if (!record) throw new AppError('actionNotFound');
    const assignedToViewer = record.assigneeId === ctx.user.userId;
    const viewAccess = actionItemAccess(ctx.viewer, ctx.folder, { state: record.state, assignedToViewer });
    if (!viewAccess.view) throw new AppError('forbidden');
    if (right !== 'view') {
      // Rights first (403), then the state (409): a right that exists in some state is checked as such.
      const anyState = (['draft', 'assigned', 'completed'] as const).some(
        (state) => actionItemAccess(ctx.viewer, ctx.folder, { state, assignedToViewer })[right],
      );
      if (!anyState) throw new AppError('forbidden');
      assertTeamOpen(ctx);
      if (!viewAccess[right]) {
        throw new AppError('actionState', { detail: `A ${record.state} action cannot be changed like that` });
      }
    }
    return work(tx, ctx, record);
  });
}

function checkVersion(record: queries.ActionRecord, baseVersion: number | undefined): number {
  if (baseVersion !== undefined && baseVersion !== record.version) {
    throw new AppError('staleVersion', { meta: { currentVersion: record.version } });
  }
  return record.version;
}

export async function getAction(db: AppDb, access: AccessContext, ref: ActionParams): Promise<Action> {
  return withAction(db, access, ref, 'view', async (_tx, ctx, record) => toAction(record, viewerOf(ctx)));
}

/** Changes a draft or assigned action; a new assignee of an assigned action is e-mailed. */
export async function updateAction(
  deps: ActionDeps,
  access: AccessContext,
  ref: ActionParams,
  body: UpdateActionBody,
): Promise<Action> {
  return withAction(deps.db, access, ref, 'edit', async (tx, ctx, record) => {
    const { actionId } = ref;
    const version = checkVersion(record, body.baseVersion);
    const workspaceId = ctx.workspace.workspaceId;
    const { baseVersion: _base, ...changes } = body;
    if (record.state === 'assigned' && changes.assigneeId === null) {
      throw invalid('assigneeId', 'An assigned action needs an assignee: reset it to a draft first');
    }
    const newAssignee =
      changes.assigneeId && changes.assigneeId !== record.assigneeId
        ? await assigneeOf(tx, ctx, changes.assigneeId)
        : null;
    const ok = await queries.updateAction(tx, workspaceId, actionId, version, changes, ctx.user.userId);
    if (!ok) throw new AppError('staleVersion', { meta: { currentVersion: record.version } });
    const updated = await reload(tx, ctx, actionId);
    await audit(tx, ctx, actionId, 'action.updated', { title: updated.title, changed: Object.keys(changes) });
    if (newAssignee && updated.state === 'assigned') {
      await mailAssignee(tx, deps, ctx.user, updated, newAssignee);
      await audit(tx, ctx, actionId, 'action.assigned', { title: updated.title, assigneeId: newAssignee.userId });
    }
    return toAction(updated, viewerOf(ctx));
  });
}

/** Assigns a draft (or reassigns an assigned action): the assignee gets an e-mail. */
export async function assignAction(
  deps: ActionDeps,
  access: AccessContext,
  ref: ActionParams,
  body: AssignActionBody,
): Promise<Action> {
  return withAction(deps.db, access, ref, 'assign', async (tx, ctx, record) => {
    const { actionId } = ref;
    const version = checkVersion(record, body.baseVersion);
    const assigneeId = body.assigneeId ?? record.assigneeId;
    if (!assigneeId) throw invalid('assigneeId', 'Choose who the action is assigned to');
    if (record.state === 'assigned' && assigneeId === record.assigneeId) {
      throw new AppError('actionState', { detail: 'The action is already assigned to this person' });
    }
    const assignee = await assigneeOf(tx, ctx, assigneeId);
    const ok = await queries.updateAction(
      tx,
      ctx.workspace.workspaceId,
      actionId,
      version,
      { assigneeId, state: 'assigned' },
      ctx.user.userId,
    );
    if (!ok) throw new AppError('staleVersion', { meta: { currentVersion: record.version } });
    const updated = await reload(tx, ctx, actionId);
    await mailAssignee(tx, deps, ctx.user, updated, assignee);
    await audit(tx, ctx, actionId, 'action.assigned', { title: updated.title, assigneeId });
    return toAction(updated, viewerOf(ctx));
  });
}

export async function completeAction(
  db: AppDb,
  access: AccessContext,
  ref: ActionParams,
  body: { baseVersion?: number },
): Promise<Action> {
  return withAction(db, access, ref, 'complete', async (tx, ctx, record) => {
    const { actionId } = ref;
    const version = checkVersion(record, body.baseVersion);
    const ok = await queries.updateAction(
      tx,
      ctx.workspace.workspaceId,
      actionId,
      version,
      { state: 'completed' },
      ctx.user.userId,
    );
    if (!ok) throw new AppError('staleVersion', { meta: { currentVersion: record.version } });
    await audit(tx, ctx, actionId, 'action.completed', { title: record.title });
    return toAction(await reload(tx, ctx, actionId), viewerOf(ctx));
  });
}

/** Back to assigned (a completed action with an assignee) or to draft; or to `state` when given. */
export async function resetAction(
  db: AppDb,
  access: AccessContext,
  ref: ActionParams,
  body: ResetActionBody,
): Promise<Action> {
  return withAction(db, access, ref, 'reset', async (tx, ctx, record) => {
    const { actionId } = ref;
    const version = checkVersion(record, body.baseVersion);
    const target: ActionState =
      body.state ?? (record.state === 'completed' && record.assigneeId ? 'assigned' : 'draft');
    if (target === record.state || (target === 'assigned' && record.state !== 'completed')) {
      throw new AppError('actionState', { detail: `A ${record.state} action cannot be reset to ${target}` });
    }
    if (target === 'assigned' && !record.assigneeId) throw invalid('state', actionInvalidMessage);
    const ok = await queries.updateAction(
      tx,
      ctx.workspace.workspaceId,
      actionId,
      version,
      { state: target },
      ctx.user.userId,
    );
    if (!ok) throw new AppError('staleVersion', { meta: { currentVersion: record.version } });
    await audit(tx, ctx, actionId, 'action.reset', { title: record.title, from: record.state, to: target });
    return toAction(await reload(tx, ctx, actionId), viewerOf(ctx));
  });
}

function toKeyset(cursor: [string, string] | undefined): queries.Keyset | null {
  return cursor ? { updatedAt: cursor[0], actionId: cursor[1] } : null;
}

function page(records: queries.ActionRecord[], limit: number, map: (r: queries.ActionRecord) => Action): ActionPage {
  const shown = records.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    actions: shown.map(map),
    nextCursor: records.length > limit && last ? encodeCursor([last.updatedAt, last.actionId]) : null,
  };
}

export async function listTeamActions(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  query: TeamActionsQuery,
): Promise<ActionPage> {
  const ctx = access;
  const cursor = toKeyset(query.cursor);
  const records = await inScope(db, ctx.scope, (tx) =>
    queries.teamActions(tx, ctx.workspace.workspaceId, teamId, {
      state: query.state,
      formId: query.formId,
      assigneeId: query.assigneeId,
      cursor,
      limit: query.limit,
    }),
  );
  const viewer = viewerOf(ctx);
  return page(records, query.limit, (r) => toAction(r, viewer));
}

/** My actions: what is assigned to the caller in every workspace they belong to. */
export async function listMyActions(db: AppDb, user: SignedInUser, query: MyActionsQuery): Promise<ActionPage> {
  const cursor = toKeyset(query.cursor);
  const states: ActionState[] = query.state === 'all' ? ['assigned', 'completed'] : [query.state];
  return inScope(db, { userId: user.userId, workspaceId: null, isAdmin: false }, async (tx) => {
    const records = await queries.assignedTo(tx, user.userId, { states, cursor, limit: query.limit });
    const grants = await queries.ownGrants(tx, user.userId);
    const userTypes = await queries.ownUserTypes(tx, user.userId);
    const projectOf = new Map(grants.filter((g) => g.kind === 'team').map((g) => [g.folderId, g.parentId]));
    const membershipOf = (workspaceId: string): Membership => ({
      isAdmin: user.isAdmin,
      isVisitorOnly: user.isVisitorOnly,
      userType: userTypes.get(workspaceId) ?? null,
      roles: grants
        .filter((g) => g.workspaceId === workspaceId)
        .map(
          (g): RoleGrant => ({
            folderId: g.folderId,
            kind: g.kind,
            role: g.role,
            path:
              g.kind === 'company'
                ? [workspaceId]
                : g.kind === 'project'
                  ? [workspaceId, g.folderId]
                  : [workspaceId, projectOf.get(g.folderId) as string, g.folderId],
          }),
        ),
    });
    return page(records, query.limit, (r) =>
      toAction(r, { userId: user.userId, membership: membershipOf(r.workspaceId), team: teamRef(r) }),
    );
  });
}
