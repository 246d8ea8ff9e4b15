import type { ActionPriority, ActionState } from '@formwork/shared/schemas/actions';
import { type SQL, sql } from 'drizzle-orm';
import { auditEvents } from '../../db/schema.ts';
import { type Int, iso, type Timestamp } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

/**
 * Explicit SQL of the actions module. Tenant functions take the verified workspace id; the two
 * lookups outside any workspace (an action id's workspace, My actions) rely on the policies of
 * 0009_actions.sql. Folder, form and user rows are read here with our own SQL.
 */

export type ActionRecord = {
  workspaceId: string;
  actionId: string;
  teamId: string;
  teamName: string;
  projectId: string;
  projectName: string;
  workspaceName: string;
  formId: string | null;
  fieldId: string | null;
  title: string;
  description: string;
  dueDate: string | null;
  priority: ActionPriority;
  assigneeId: string | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
  state: ActionState;
  version: number;
  createHash: string;
  createdBy: string | null;
  createdAt: string;
  updatedBy: string | null;
  updatedAt: string;
  assignedAt: string | null;
  completedBy: string | null;
  completedAt: string | null;
};

function isoOrNull(value: Timestamp | null): string | null {
  return value === null ? null : iso(value);
}

function dateText(value: Date | string | null): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** A row of `selectActions`, as the drivers return it. */
type ActionRow = {
  workspace_id: string;
  action_id: string;
  folder_id: string;
  team_name: string;
  project_id: string;
  project_name: string;
  workspace_name: string;
  form_id: string | null;
  field_id: string | null;
  title: string;
  description: string;
  due_date: Date | string | null;
  priority: ActionPriority;
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
  state: ActionState;
  version: Int;
  create_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_by: string | null;
  updated_at: Timestamp;
  assigned_at: Timestamp | null;
  completed_by: string | null;
  completed_at: Timestamp | null;
};

function toRecord(r: ActionRow): ActionRecord {
  return {
    workspaceId: r.workspace_id,
    actionId: r.action_id,
    teamId: r.folder_id,
    teamName: r.team_name,
    projectId: r.project_id,
    projectName: r.project_name,
    workspaceName: r.workspace_name,
    formId: r.form_id,
    fieldId: r.field_id,
    title: r.title,
    description: r.description,
    dueDate: dateText(r.due_date),
    priority: r.priority,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    assigneeEmail: r.assignee_email,
    state: r.state,
    version: Number(r.version),
    createHash: r.create_hash,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    updatedBy: r.updated_by,
    updatedAt: iso(r.updated_at),
    assignedAt: isoOrNull(r.assigned_at),
    completedBy: r.completed_by,
    completedAt: isoOrNull(r.completed_at),
  };
}

/** The action with the names of its path and assignee. */
const selectActions = sql`
  select a.*, team.name as team_name, team.parent_id as project_id, project.name as project_name,
         company.name as workspace_name,
         u.email as assignee_email, nullif(trim(u.first_name || ' ' || u.last_name), '') as assignee_name
    from actions a
    join folders team on team.workspace_id = a.workspace_id and team.folder_id = a.folder_id
    join folders project on project.workspace_id = a.workspace_id and project.folder_id = team.parent_id
    join folders company on company.workspace_id = a.workspace_id and company.folder_id = a.workspace_id
    left join users u on u.user_id = a.assignee_id`;

/** Outside any workspace: the team of an action of a workspace the caller belongs to (member_lookup). */
export async function actionTeam(tx: Tx, workspaceId: string, actionId: string): Promise<string | undefined> {
  const result = await tx.execute<{ folder_id: string }>(sql`
    select folder_id from actions where workspace_id = ${workspaceId} and action_id = ${actionId}`);
  return result.rows[0]?.folder_id;
}

export async function actionById(
  tx: Tx,
  workspaceId: string,
  actionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ActionRecord | undefined> {
  const result = await tx.execute<ActionRow>(sql`
    ${selectActions}
     where a.workspace_id = ${workspaceId} and a.action_id = ${actionId}
     ${options.forUpdate ? sql`for update of a` : sql``}`);
  const r = result.rows[0];
  return r ? toRecord(r) : undefined;
}

/** Whether the action id is taken anywhere in the workspace (a retried create), with its hash. */
export async function actionIdTaken(
  tx: Tx,
  workspaceId: string,
  actionId: string,
): Promise<{ teamId: string; createHash: string } | undefined> {
  const result = await tx.execute<{ folder_id: string; create_hash: string }>(sql`
    select folder_id, create_hash from actions where workspace_id = ${workspaceId} and action_id = ${actionId}`);
  const r = result.rows[0];
  return r ? { teamId: r.folder_id, createHash: r.create_hash } : undefined;
}

export type NewAction = {
  workspaceId: string;
  actionId: string;
  teamId: string;
  formId: string | null;
  fieldId: string | null;
  title: string;
  description: string;
  dueDate: string | null;
  priority: ActionPriority;
  assigneeId: string | null;
  state: ActionState;
  createHash: string;
  userId: string;
};

/** Inserts the action; false when a concurrent create with the same id committed first. */
export async function insertAction(tx: Tx, a: NewAction): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into actions (workspace_id, action_id, folder_id, form_id, field_id, title, description, due_date,
                         priority, assignee_id, state, create_hash, created_by, updated_by, assigned_at)
    values (${a.workspaceId}, ${a.actionId}, ${a.teamId}, ${a.formId}, ${a.fieldId}, ${a.title}, ${a.description},
            ${a.dueDate}, ${a.priority}, ${a.assigneeId}, ${a.state}, ${a.createHash}, ${a.userId}, ${a.userId},
            ${a.state === 'assigned' ? sql`now()` : null})
    on conflict (workspace_id, action_id) do nothing
    returning action_id`);
  return result.rows.length === 1;
}

export type ActionChanges = {
  title?: string;
  description?: string;
  dueDate?: string | null;
  priority?: ActionPriority;
  assigneeId?: string | null;
  state?: ActionState;
};

/** Applies changes over `baseVersion`; false when the version moved on (a stale edit). */
export async function updateAction(
  tx: Tx,
  workspaceId: string,
  actionId: string,
  baseVersion: number,
  changes: ActionChanges,
  userId: string,
): Promise<boolean> {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_by = ${userId}`, sql`updated_at = now()`];
  if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
  if (changes.description !== undefined) sets.push(sql`description = ${changes.description}`);
  if (changes.dueDate !== undefined) sets.push(sql`due_date = ${changes.dueDate}`);
  if (changes.priority !== undefined) sets.push(sql`priority = ${changes.priority}`);
  if (changes.assigneeId !== undefined) sets.push(sql`assignee_id = ${changes.assigneeId}`);
  if (changes.state !== undefined) {
    sets.push(sql`state = ${changes.state}`);
    if (changes.state === 'assigned')
      sets.push(sql`assigned_at = now()`, sql`completed_at = null`, sql`completed_by = null`);
    if (changes.state === 'completed') sets.push(sql`completed_at = now()`, sql`completed_by = ${userId}`);
    if (changes.state === 'draft')
      sets.push(sql`assigned_at = null`, sql`completed_at = null`, sql`completed_by = null`);
  }
  const result = await tx.execute(sql`
    update actions set ${sql.join(sets, sql`, `)}
     where workspace_id = ${workspaceId} and action_id = ${actionId} and version = ${baseVersion}
    returning action_id`);
  return result.rows.length === 1;
}

export type Keyset = { updatedAt: string; actionId: string };

function keysetCondition(cursor: Keyset | null): SQL {
  if (!cursor) return sql`true`;
  return sql`(a.updated_at, a.action_id) < (${cursor.updatedAt}::timestamptz, ${cursor.actionId}::uuid)`;
}

export async function teamActions(
  tx: Tx,
  workspaceId: string,
  teamId: string,
  filter: { state?: ActionState; formId?: string; assigneeId?: string; cursor: Keyset | null; limit: number },
): Promise<ActionRecord[]> {
  const result = await tx.execute<ActionRow>(sql`
    ${selectActions}
     where a.workspace_id = ${workspaceId} and a.folder_id = ${teamId}
       and ${filter.state ? sql`a.state = ${filter.state}` : sql`true`}
       and ${filter.formId ? sql`a.form_id = ${filter.formId}` : sql`true`}
       and ${filter.assigneeId ? sql`a.assignee_id = ${filter.assigneeId}` : sql`true`}
       and ${keysetCondition(filter.cursor)}
     order by a.updated_at desc, a.action_id desc
     limit ${filter.limit + 1}`);
  return result.rows.map(toRecord);
}

/** Outside any workspace: the actions assigned to the caller (assignee_access policy). */
export async function assignedTo(
  tx: Tx,
  userId: string,
  filter: { states: ActionState[]; cursor: Keyset | null; limit: number },
): Promise<ActionRecord[]> {
  const result = await tx.execute<ActionRow>(sql`
    ${selectActions}
     where a.assignee_id = ${userId}
       and a.state = any(${`{${filter.states.join(',')}}`}::text[])
       and ${keysetCondition(filter.cursor)}
       and team.state <> 'deleted'
     order by a.updated_at desc, a.action_id desc
     limit ${filter.limit + 1}`);
  return result.rows.map(toRecord);
}

/** The caller's roles in every workspace they belong to (their own membership rows). */
export async function ownGrants(
  tx: Tx,
  userId: string,
): Promise<
  {
    workspaceId: string;
    folderId: string;
    kind: 'company' | 'project' | 'team';
    parentId: string | null;
    role: 'controller' | 'member';
  }[]
> {
  const result = await tx.execute<{
    workspace_id: string;
    folder_id: string;
    kind: 'company' | 'project' | 'team';
    parent_id: string | null;
    role: 'controller' | 'member';
  }>(sql`
    select m.workspace_id, m.folder_id, f.kind, f.parent_id, m.role
      from memberships m
      join folders f on f.workspace_id = m.workspace_id and f.folder_id = m.folder_id
     where m.user_id = ${userId} and f.state <> 'deleted'`);
  return result.rows.map((r) => ({
    workspaceId: r.workspace_id,
    folderId: r.folder_id,
    kind: r.kind,
    parentId: r.parent_id,
    role: r.role,
  }));
}

export async function ownUserTypes(tx: Tx, userId: string): Promise<Map<string, 'contributor' | 'visitor'>> {
  const result = await tx.execute<{ workspace_id: string; user_type: 'contributor' | 'visitor' }>(sql`
    select workspace_id, user_type from workspace_users where user_id = ${userId}`);
  return new Map(result.rows.map((r) => [r.workspace_id, r.user_type]));
}

export type ActionAudit = {
  workspaceId: string;
  actorUserId: string;
  action: string;
  actionId: string;
  folderPath: string[];
  details: Record<string, unknown>;
};

/** Audit events in the caller's transaction (subject type 'action'). */
export async function recordActionEvent(tx: Tx, event: ActionAudit): Promise<void> {
  await tx.insert(auditEvents).values({
    workspaceId: event.workspaceId,
    actorUserId: event.actorUserId,
    action: event.action,
    subjectType: 'action',
    subjectId: event.actionId,
    folderPath: event.folderPath,
    details: event.details,
  });
}
