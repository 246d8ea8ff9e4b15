import { z } from 'zod';

export const activityQuerySchema = z.object({
  /** The eventId of the last event of the previous page. */
  cursor: z
    .string()
    .regex(/^[0-9]{1,18}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const activityEventSchema = z.object({
  eventId: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().uuid().nullable(),
  /** The subject's current name, or its name when the event was written. */
  subjectName: z.string().nullable(),
  actor: z.object({ userId: z.string().uuid(), name: z.string() }).nullable(),
  /** [companyId, projectId?, teamId?] of the subject. */
  folderPath: z.array(z.string().uuid()),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/** Newest first; `nextCursor` is null on the last page. */
export const activityPageSchema = z.object({
  events: z.array(activityEventSchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

const verbs: Record<string, string> = {
  'folder.created': 'created',
  'folder.renamed': 'renamed',
  'folder.archived': 'archived',
  'folder.restored': 'restored',
  'folder.deleted': 'deleted',
  'workspace.created': 'created',
  'workspace.seeded': 'set up',
  'file.uploaded': 'uploaded',
};

const nouns: Record<string, string> = {
  company: 'the workspace',
  workspace: 'the workspace',
  project: 'the project folder',
  team: 'the team folder',
  file: 'a file',
};

/** The event in plain en-US words, e.g. "Olivia Controller archived the project folder Bridge". */
export function describeActivity(
  event: Pick<ActivityEvent, 'action' | 'subjectType' | 'subjectName' | 'actor' | 'details'>,
) {
  const who = event.actor?.name.trim() || 'Someone';
  const verb = verbs[event.action] ?? event.action;
  const noun = nouns[event.subjectType] ?? event.subjectType;
  const name = event.subjectName ? ` ${event.subjectName}` : '';
  const from =
    event.action === 'folder.renamed' && typeof event.details.from === 'string' ? ` (was ${event.details.from})` : '';
  return `${who} ${verb} ${noun}${name}${from}`;
}
