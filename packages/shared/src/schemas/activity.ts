import { z } from 'zod';
import { cursorPart, keysetCursor } from './cursor.ts';

export const activityQuerySchema = z.object({
  /** Opaque keyset cursor from the previous page's `nextCursor`: the last event's eventId. */
  cursor: keysetCursor(z.tuple([cursorPart.serial])).optional(),
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
