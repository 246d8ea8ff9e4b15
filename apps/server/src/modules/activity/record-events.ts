import { auditEvents } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export type AuditEvent = {
  workspaceId: string;
  actorUserId: string | null;
  action: string;
  subjectType:
    | 'account'
    | 'workspace'
    | 'company'
    | 'project'
    | 'team'
    | 'file'
    | 'invitation'
    | 'user'
    | 'list'
    | 'link'
    | 'template';
  subjectId: string;
  /** [companyId, projectId?, teamId?] of the subject: activity pages find events below a folder. */
  folderPath: string[];
  details?: Record<string, unknown>;
};

/** An event about the workspace itself (its settings, domains, single sign-on); no actor: the system or a link. */
export function workspaceEvent(
  workspaceId: string,
  actorUserId: string | null,
  action: string,
  details: Record<string, unknown>,
): AuditEvent {
  return {
    workspaceId,
    actorUserId,
    action,
    subjectType: 'workspace',
    subjectId: workspaceId,
    folderPath: [workspaceId],
    details,
  };
}

/** Writes audit events in the caller's transaction, so they commit or roll back with the change. */
export async function recordEvents(tx: Tx, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(auditEvents).values(events.map((e) => ({ ...e, details: e.details ?? {} })));
}
