import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/tenant.ts';

/**
 * Step of the demo seed after the forms: an open action on a form of the demo team member's team,
 * assigned to them (so My actions and the action modal have something to show), and a draft on its
 * own in the same team.
 */
export async function seedDemoActions(
  tx: Tx,
  demo: { workspaceId: string; teamId: string; projectId: string; assigneeId: string; creatorId: string },
): Promise<void> {
  const { workspaceId, teamId } = demo;
  const form = (
    await tx.execute<{ form_id: string; title: string }>(sql`
      select form_id, title from forms where workspace_id = ${workspaceId} and folder_id = ${teamId}
       order by created_at limit 1`)
  ).rows[0];
  const actions = [
    {
      actionId: randomUUID(),
      formId: form?.form_id ?? null,
      title: 'Replace the damaged handrail on level 2',
      description: `Raised from ${form?.title ?? 'a site walk'}: the handrail at the east stair is loose.`,
      priority: 'high',
      state: 'assigned',
      assigneeId: demo.assigneeId,
    },
    {
      actionId: randomUUID(),
      formId: null,
      title: 'Order spare fire extinguishers',
      description: '',
      priority: 'medium',
      state: 'draft',
      assigneeId: null,
    },
  ];
  for (const a of actions) {
    await tx.execute(sql`
      insert into actions (workspace_id, action_id, folder_id, form_id, title, description, due_date, priority,
                           assignee_id, state, create_hash, created_by, updated_by, assigned_at)
      values (${workspaceId}, ${a.actionId}, ${teamId}, ${a.formId}, ${a.title}, ${a.description},
              (now() + interval '7 days')::date, ${a.priority}, ${a.assigneeId}, ${a.state}, 'seed',
              ${demo.creatorId}, ${demo.creatorId}, ${a.state === 'assigned' ? sql`now()` : null})`);
    await tx.execute(sql`
      insert into audit_events (workspace_id, folder_path, actor_user_id, action, subject_type, subject_id, details)
      values (${workspaceId}, ${`{${workspaceId},${demo.projectId},${teamId}}`}::uuid[], ${demo.creatorId},
              'action.created', 'action', ${a.actionId}, ${JSON.stringify({ title: a.title, seeded: true })}::jsonb)`);
  }
}
