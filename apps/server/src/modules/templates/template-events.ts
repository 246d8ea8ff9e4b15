import { auditEvents } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

/** An audit event about a template or a tab; `folderPath` is where it shows in Activity. */
export type TemplateEvent = {
  workspaceId: string;
  actorUserId: string | null;
  action: string;
  subjectType: 'template' | 'tab';
  /** Null for events about several subjects (a new tab order). */
  subjectId: string | null;
  /** [companyId, projectId?, teamId?] of the folder the event belongs to. */
  folderPath: string[];
  /** `name` is shown as the subject's name in Activity. */
  details: { name: string } & Record<string, unknown>;
};

/** Written in the caller's transaction, so the events commit or roll back with the change. */
export async function recordTemplateEvents(tx: Tx, events: TemplateEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(auditEvents).values(events);
}
