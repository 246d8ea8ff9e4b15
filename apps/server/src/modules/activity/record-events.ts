import { auditEvents } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export type AuditEvent = {
  workspaceId: string;
  actorUserId: string | null;
  action: string;
  subjectType: 'account' | 'workspace' | 'company' | 'project' | 'team' | 'file' | 'invitation' | 'user' | 'list';
  subjectId: string;
  /** [companyId, projectId?, teamId?] of the subject: activity pages find events below a folder. */
  folderPath: string[];
  details?: Record<string, unknown>;
};

/** Writes audit events in the caller's transaction, so they commit or roll back with the change. */
export async function recordEvents(tx: Tx, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(auditEvents).values(events.map((e) => ({ ...e, details: e.details ?? {} })));
}
