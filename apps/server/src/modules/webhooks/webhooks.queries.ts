import type {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryState,
  WebhookEventType,
  WebhookState,
} from '@formwork/shared/schemas/webhooks';
import { sql } from 'drizzle-orm';
import { type Int, iso, type Json, onlyRow, parseJson, type Timestamp, uuidArray } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

/**
 * Explicit SQL of webhooks (0064_webhooks.sql). A hook is always found through its folder, a
 * delivery through its hook. The outbox rows of audited changes are written by the database
 * (the trigger on audit_events); this module writes those of test deliveries and redeliveries.
 */

type HookRow = {
  hook_id: string;
  folder_id: string;
  folder_path: string[] | string;
  url: string;
  secret: string;
  events: string[] | string;
  filter_folder_ids: string[] | string;
  template_ids: string[] | string;
  state: WebhookState;
  disabled_reason: Webhook['disabledReason'];
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A Postgres array as the drivers return it (an array, or its text form on some paths). */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}

export type HookRecord = Webhook & { createdBy: string | null; folderPath: string[] };

function toHook(r: HookRow): HookRecord {
  return {
    id: r.hook_id,
    folderId: r.folder_id,
    url: r.url,
    secret: r.secret,
    events: textArray(r.events) as WebhookEventType[],
    folderIds: textArray(r.filter_folder_ids),
    templateIds: textArray(r.template_ids),
    state: r.state,
    disabledReason: r.disabled_reason,
    createdBy: r.created_by,
    folderPath: textArray(r.folder_path),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

const hookColumns = sql`hook_id, folder_id, folder_path, url, secret, events, filter_folder_ids, template_ids, state,
  disabled_reason, created_by, created_at, updated_at`;

export async function hooksOfFolder(tx: Tx, workspaceId: string, folderId: string): Promise<HookRecord[]> {
  const result = await tx.execute<HookRow>(sql`
    select ${hookColumns} from webhooks where workspace_id = ${workspaceId} and folder_id = ${folderId}
     order by created_at, hook_id`);
  return result.rows.map(toHook);
}

export async function hookOfFolder(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  hookId: string,
): Promise<HookRecord | undefined> {
  const result = await tx.execute<HookRow>(sql`
    select ${hookColumns} from webhooks
     where workspace_id = ${workspaceId} and folder_id = ${folderId} and hook_id = ${hookId}`);
  const r = result.rows[0];
  return r ? toHook(r) : undefined;
}

export async function hookById(tx: Tx, workspaceId: string, hookId: string): Promise<HookRecord | undefined> {
  const result = await tx.execute<HookRow>(sql`
    select ${hookColumns} from webhooks where workspace_id = ${workspaceId} and hook_id = ${hookId}`);
  const r = result.rows[0];
  return r ? toHook(r) : undefined;
}

export async function countHooks(tx: Tx, workspaceId: string, folderId: string): Promise<number> {
  const result = await tx.execute<{ n: Int }>(sql`
    select count(*) as n from webhooks where workspace_id = ${workspaceId} and folder_id = ${folderId}`);
  return Number(onlyRow(result.rows, 'count webhooks').n);
}

/** Of the given folders, those at or below `folderId` (the hook's folder). */
export async function foldersBelow(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  folderIds: string[],
): Promise<Set<string>> {
  if (folderIds.length === 0) return new Set();
  const result = await tx.execute<{ folder_id: string }>(sql`
    select f.folder_id from folders f
      left join folders p on p.workspace_id = f.workspace_id and p.folder_id = f.parent_id
     where f.workspace_id = ${workspaceId} and f.folder_id = any(${uuidArray(folderIds)}) and f.state <> 'deleted'
       and ${folderId} in (f.folder_id, f.parent_id, p.parent_id)`);
  return new Set(result.rows.map((r) => r.folder_id));
}

/** Of the given templates, those of the workspace (not deleted). */
export async function existingTemplates(tx: Tx, workspaceId: string, templateIds: string[]): Promise<Set<string>> {
  if (templateIds.length === 0) return new Set();
  const result = await tx.execute<{ template_id: string }>(sql`
    select template_id from templates
     where workspace_id = ${workspaceId} and template_id = any(${uuidArray(templateIds)}) and state <> 'deleted'`);
  return new Set(result.rows.map((r) => r.template_id));
}

export type HookWrite = {
  url: string;
  events: string[];
  folderIds: string[];
  templateIds: string[];
  state: WebhookState;
  disabledReason: Webhook['disabledReason'];
};

export async function insertHook(
  tx: Tx,
  hook: HookWrite & {
    workspaceId: string;
    hookId: string;
    folderId: string;
    folderPath: string[];
    secret: string;
    userId: string;
  },
) {
  await tx.execute(sql`
    insert into webhooks (workspace_id, hook_id, folder_id, folder_path, url, secret, events, filter_folder_ids,
                          template_ids, state, disabled_reason, created_by)
    values (${hook.workspaceId}, ${hook.hookId}, ${hook.folderId}, ${uuidArray(hook.folderPath)}, ${hook.url},
            ${hook.secret}, ${`{${hook.events.join(',')}}`}::text[], ${uuidArray(hook.folderIds)},
            ${uuidArray(hook.templateIds)}, ${hook.state}, ${hook.disabledReason}, ${hook.userId})`);
}

export async function updateHook(tx: Tx, workspaceId: string, hookId: string, hook: HookWrite) {
  await tx.execute(sql`
    update webhooks set url = ${hook.url}, events = ${`{${hook.events.join(',')}}`}::text[],
                        filter_folder_ids = ${uuidArray(hook.folderIds)}, template_ids = ${uuidArray(hook.templateIds)},
                        state = ${hook.state}, disabled_reason = ${hook.disabledReason}, updated_at = now()
     where workspace_id = ${workspaceId} and hook_id = ${hookId}`);
}

/** A hook whose deliveries kept failing is disabled (unless it already was). Answers whether it changed. */
export async function disableForFailures(tx: Tx, workspaceId: string, hookId: string): Promise<boolean> {
  const result = await tx.execute<{ hook_id: string }>(sql`
    update webhooks set state = 'disabled', disabled_reason = 'failures', updated_at = now()
     where workspace_id = ${workspaceId} and hook_id = ${hookId} and state = 'active'
    returning hook_id`);
  return result.rows.length > 0;
}

/** Deletes the hook with its deliveries, then the outbox events no delivery refers to any more. */
export async function deleteHook(tx: Tx, workspaceId: string, hookId: string) {
  const events = await tx.execute<{ event_id: string }>(sql`
    delete from webhook_deliveries where workspace_id = ${workspaceId} and hook_id = ${hookId} returning event_id`);
  await tx.execute(sql`delete from webhooks where workspace_id = ${workspaceId} and hook_id = ${hookId}`);
  const ids = [...new Set(events.rows.map((r) => r.event_id))];
  if (ids.length > 0) {
    await tx.execute(sql`
      delete from webhook_events e
       where e.workspace_id = ${workspaceId} and e.event_id = any(${uuidArray(ids)})
         and not exists (select 1 from webhook_deliveries d where d.workspace_id = e.workspace_id and d.event_id = e.event_id)`);
  }
}

/** Writes an outbox event that did not come from the audit trail (a test delivery). */
export async function insertEvent(
  tx: Tx,
  workspaceId: string,
  type: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const result = await tx.execute<{ event_id: string }>(sql`
    insert into webhook_events (workspace_id, type, payload) values (${workspaceId}, ${type}, ${JSON.stringify(payload)}::jsonb)
    returning event_id`);
  return onlyRow(result.rows, 'insert into webhook_events').event_id;
}

/** A new delivery of an event to a hook, due now. */
export async function insertDelivery(
  tx: Tx,
  workspaceId: string,
  hookId: string,
  eventId: string,
  requestedBy: string | null,
): Promise<string> {
  const result = await tx.execute<{ delivery_id: string }>(sql`
    insert into webhook_deliveries (workspace_id, hook_id, event_id, next_attempt_at, requested_by)
    values (${workspaceId}, ${hookId}, ${eventId}, now(), ${requestedBy})
    returning delivery_id`);
  return onlyRow(result.rows, 'insert into webhook_deliveries').delivery_id;
}

type DeliveryRow = {
  delivery_id: string;
  event_id: string;
  event_type: string;
  state: WebhookDeliveryState;
  attempts: Int;
  next_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  status_code: Int | null;
  duration_ms: Int | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: Timestamp;
};

function toDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.delivery_id,
    eventId: r.event_id,
    eventType: r.event_type,
    state: r.state,
    attempts: Number(r.attempts),
    nextAttemptAt: r.next_attempt_at === null ? null : iso(r.next_attempt_at),
    lastAttemptAt: r.last_attempt_at === null ? null : iso(r.last_attempt_at),
    statusCode: r.status_code === null ? null : Number(r.status_code),
    durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    responseExcerpt: r.response_excerpt,
    error: r.error,
    createdAt: iso(r.created_at),
  };
}

const deliveryColumns = sql`d.delivery_id, d.event_id, e.type as event_type, d.state, d.attempts, d.next_attempt_at,
  d.last_attempt_at, d.status_code, d.duration_ms, d.response_excerpt, d.error, d.created_at`;

/** The newest deliveries of a hook (its log). */
export async function deliveriesOfHook(
  tx: Tx,
  workspaceId: string,
  hookId: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  const result = await tx.execute<DeliveryRow>(sql`
    select ${deliveryColumns} from webhook_deliveries d
      join webhook_events e on e.workspace_id = d.workspace_id and e.event_id = d.event_id
     where d.workspace_id = ${workspaceId} and d.hook_id = ${hookId}
     order by d.created_at desc, d.delivery_id desc limit ${limit}`);
  return result.rows.map(toDelivery);
}

export async function deliveryOfHook(
  tx: Tx,
  workspaceId: string,
  hookId: string,
  deliveryId: string,
): Promise<WebhookDelivery | undefined> {
  const result = await tx.execute<DeliveryRow>(sql`
    select ${deliveryColumns} from webhook_deliveries d
      join webhook_events e on e.workspace_id = d.workspace_id and e.event_id = d.event_id
     where d.workspace_id = ${workspaceId} and d.hook_id = ${hookId} and d.delivery_id = ${deliveryId}`);
  const r = result.rows[0];
  return r ? toDelivery(r) : undefined;
}

export type DeliveryToSend = {
  deliveryId: string;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  state: WebhookDeliveryState;
  attempts: number;
};

/** A delivery with its event's payload, locked for the attempt (a second runner waits, then sees it done). */
export async function deliveryToSend(
  tx: Tx,
  workspaceId: string,
  deliveryId: string,
): Promise<DeliveryToSend | undefined> {
  const result = await tx.execute<{
    delivery_id: string;
    event_id: string;
    type: string;
    payload: Json;
    state: WebhookDeliveryState;
    attempts: Int;
  }>(sql`
    select d.delivery_id, d.event_id, e.type, e.payload, d.state, d.attempts
      from webhook_deliveries d
      join webhook_events e on e.workspace_id = d.workspace_id and e.event_id = d.event_id
     where d.workspace_id = ${workspaceId} and d.delivery_id = ${deliveryId}
       for update of d`);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    deliveryId: r.delivery_id,
    eventId: r.event_id,
    eventType: r.type,
    payload: parseJson<Record<string, unknown>>(r.payload),
    state: r.state,
    attempts: Number(r.attempts),
  };
}

/** Records one attempt's outcome and the delivery's state after it. */
export async function recordAttempt(
  tx: Tx,
  workspaceId: string,
  deliveryId: string,
  attempt: {
    state: WebhookDeliveryState;
    nextAttemptAt: Date | null;
    statusCode: number | null;
    durationMs: number;
    excerpt: string | null;
    error: string | null;
  },
) {
  await tx.execute(sql`
    update webhook_deliveries set state = ${attempt.state}, attempts = attempts + 1, last_attempt_at = now(),
                                  next_attempt_at = ${attempt.nextAttemptAt?.toISOString() ?? null}::timestamptz,
                                  status_code = ${attempt.statusCode}, duration_ms = ${attempt.durationMs},
                                  response_excerpt = ${attempt.excerpt}, error = ${attempt.error}
     where workspace_id = ${workspaceId} and delivery_id = ${deliveryId}`);
}

/** A delivery of a disabled or deleted hook is skipped: nothing is sent. */
export async function skipDelivery(tx: Tx, workspaceId: string, deliveryId: string) {
  await tx.execute(sql`
    update webhook_deliveries set state = 'skipped', next_attempt_at = null,
                                  error = 'The webhook was disabled before this delivery was sent'
     where workspace_id = ${workspaceId} and delivery_id = ${deliveryId} and state = 'pending'`);
}

/** The e-mail address of a person (the owner told of a disabled hook). */
export async function userEmail(tx: Tx, userId: string): Promise<string | undefined> {
  const result = await tx.execute<{ email: string }>(sql`select email from users where user_id = ${userId}`);
  return result.rows[0]?.email;
}

export async function folderName(tx: Tx, workspaceId: string, folderId: string): Promise<string> {
  const result = await tx.execute<{ name: string }>(sql`
    select name from folders where workspace_id = ${workspaceId} and folder_id = ${folderId}`);
  return result.rows[0]?.name ?? '';
}
