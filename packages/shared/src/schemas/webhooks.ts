import { z } from 'zod';

/**
 * Webhooks (issue 24.1): an org controller (at the company) or a team controller (at their team)
 * subscribes a receiver URL to events below that folder. Each delivery is a POST of one event as
 * JSON, signed with the hook's secret (see `webhookSignatureHeader`).
 */

const id = z.string().uuid();

export const webhookEventTypes = [
  'form.created',
  'form.saved',
  'form.moved',
  'form.archived',
  'form.deleted',
  'action.assigned',
  'action.completed',
  'person.invited',
  'person.activated',
  'list.changed',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** The event a Send test delivers (never subscribed to). */
export const webhookTestEventType = 'webhook.test';

/*
 * Delivery headers. The signature is `v1=` and the hex HMAC-SHA256, keyed by the hook's secret, of
 * `{timestamp}.{body}` (the timestamp header's value, a dot, the raw request body). A receiver
 * recomputes it, compares in constant time and refuses timestamps more than 5 minutes old; it
 * keeps the event id to ignore a delivery it has seen (retries and redeliveries carry the same id).
 */
export const webhookEventIdHeader = 'formwork-webhook-id';
export const webhookEventTypeHeader = 'formwork-webhook-event';
export const webhookTimestampHeader = 'formwork-webhook-timestamp';
export const webhookSignatureHeader = 'formwork-webhook-signature';
export const webhookDeliveryIdHeader = 'formwork-webhook-delivery';

/**
 * Seconds to wait after each failed attempt before the next: doubling from a minute, the last
 * capped at 8 hours, so an event is tried 12 times over about a day (25.6 hours). After the last
 * failure the delivery has failed, and the hook is disabled and its owner e-mailed.
 */
export const webhookRetryDelaysSeconds = [60, 120, 240, 480, 960, 1_920, 3_840, 7_680, 15_360, 30_720, 28_800] as const;
export const webhookMaxAttempts = webhookRetryDelaysSeconds.length + 1;

/** The most hooks one folder may have (a sane bound, the same on every plan). */
export const webhookMaxPerFolder = 50;

/** The characters of a receiver's answer kept in the delivery log. */
export const webhookResponseExcerptChars = 1_000;

const formData = z.object({
  formId: id,
  teamId: id,
  templateId: id,
  templateVersion: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  state: z.enum(['active', 'archived', 'deleted']),
  /** The workflow column the form is in (0 = first); null for other template types. */
  workflowColumn: z.number().int().nullable(),
  version: z.number().int(),
  /** The form's values by field id, as the API's forms carry them (empty once deleted). */
  values: z.record(z.string(), z.unknown()),
});

const actionData = z.object({
  actionId: id,
  teamId: id,
  formId: id.nullable(),
  templateId: id.nullable(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  priority: z.enum(['low', 'medium', 'high']),
  state: z.enum(['draft', 'assigned', 'completed']),
  assigneeId: id.nullable(),
  completedBy: id.nullable(),
});

const personData = z.object({
  invitationId: id,
  email: z.string(),
  /** The folder the person was invited to, and at which level. */
  folderId: id,
  level: z.enum(['controller', 'member']),
  userType: z.enum(['contributor', 'visitor']),
  /** The person's user id once they activated. */
  userId: id.nullable(),
});

const listData = z.object({
  listId: id,
  folderId: id,
  /**
   * What changed: created, renamed, archived, restored, deleted, imported, deployed, undeployed;
   * its items: itemAdded, itemChanged, itemMoved, itemRemoved; its properties: propertyAdded,
   * propertyRenamed, propertyRemoved.
   */
  change: z.string(),
  name: z.string().nullable(),
  state: z.enum(['active', 'archived', 'deleted']),
});

function envelope<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    /** The event id: the same on every retry and redelivery (use it to ignore repeats). */
    id,
    type: z.literal(type),
    createdAt: z.string(),
    workspaceId: id,
    /** [companyId, projectId?, teamId?] of where it happened. */
    folderPath: z.array(id),
    /** Who did it; null when no person did (a link submission, the system). */
    actorUserId: id.nullable(),
    data,
  });
}

/** Each event's payload: the JSON body of its deliveries (the integrations page lists them). */
export const webhookEventPayloadSchemas = {
  'form.created': envelope('form.created', formData),
  'form.saved': envelope('form.saved', formData),
  'form.moved': envelope('form.moved', formData),
  'form.archived': envelope('form.archived', formData),
  'form.deleted': envelope('form.deleted', formData),
  'action.assigned': envelope('action.assigned', actionData),
  'action.completed': envelope('action.completed', actionData),
  'person.invited': envelope('person.invited', personData),
  'person.activated': envelope('person.activated', personData),
  'list.changed': envelope('list.changed', listData),
  [webhookTestEventType]: envelope(webhookTestEventType, z.object({ hookId: id })),
} as const;

export const webhookStates = ['active', 'disabled'] as const;
export type WebhookState = (typeof webhookStates)[number];

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .url('Enter a URL starting with https:// or http://')
  .refine((value) => /^https?:\/\//i.test(value), 'Enter a URL starting with https:// or http://')
  .meta({ examples: ['https://example.com/formwork-hook'] });

export const webhookBodySchema = z
  .object({
    url: webhookUrlSchema,
    events: z
      .array(webhookEventTypeSchema)
      .min(1, 'Choose at least one event')
      .refine((list) => new Set(list).size === list.length, 'Each event can be chosen once'),
    /** Only events inside these folders (below the hook's); empty: all of them. */
    folderIds: z.array(id).max(100).default([]),
    /** Only form and action events of these templates; empty: every template. */
    templateIds: z.array(id).max(100).default([]),
    enabled: z.boolean().default(true),
  })
  .strict();
export type WebhookBody = z.output<typeof webhookBodySchema>;

export const webhookSchema = z.object({
  id,
  folderId: id,
  url: z.string(),
  /** The signing secret (its managers see it to set up the receiver). */
  secret: z.string(),
  events: z.array(webhookEventTypeSchema),
  folderIds: z.array(id),
  templateIds: z.array(id),
  state: z.enum(webhookStates),
  /** Why it is disabled: turned off, or disabled after its deliveries kept failing. */
  disabledReason: z.enum(['manual', 'failures']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhooksSchema = z.object({ webhooks: z.array(webhookSchema) });

export const webhookParamsSchema = z.object({ folderId: id, hookId: id });
export const webhookDeliveryParamsSchema = z.object({ folderId: id, hookId: id, deliveryId: id });

export const webhookDeliveryStates = ['pending', 'succeeded', 'failed', 'skipped'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

export const webhookDeliverySchema = z.object({
  id,
  eventId: id,
  eventType: z.string(),
  state: z.enum(webhookDeliveryStates),
  attempts: z.number().int(),
  /** When the next attempt is due (pending deliveries). */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status of the last attempt; null when it did not answer. */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
