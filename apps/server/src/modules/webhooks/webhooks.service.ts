import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  type Webhook,
  type WebhookBody,
  type WebhookDelivery,
  webhookDeliveryIdHeader,
  webhookEventIdHeader,
  webhookEventTypeHeader,
  webhookMaxAttempts,
  webhookMaxPerFolder,
  webhookResponseExcerptChars,
  webhookRetryDelaysSeconds,
  webhookSignatureHeader,
  webhookTestEventType,
  webhookTimestampHeader,
} from '@formwork/shared/schemas/webhooks';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { userLocale } from '../../i18n/recipient-locale.ts';
import { textsIn } from '../../i18n/texts.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { type JobHandler, jobQueued } from '../../jobs/runner.ts';
import { enqueueMail } from '../../mail/mail.ts';
import { recordEvents, workspaceEvent } from '../activity/record-events.ts';
import { checkedAddresses, postToReceiver, ReceiverRefused } from './receiver.ts';
import * as queries from './webhooks.queries.ts';

/**
 * Webhooks (issue 24.1). Managers (`webhook.manage`, checked by the route step) add, change and
 * delete a folder's hooks, read their delivery log, redeliver and send a test. Events reach the
 * outbox in the transaction of the change that made them (the trigger of 0064_webhooks.sql);
 * each delivery is a job (`webhookDeliveryJobKind`) that signs and POSTs the event, and on
 * failure queues its next attempt after `webhookRetryDelaysSeconds`; the last failed attempt
 * fails the delivery, disables the hook and e-mails its owner.
 */

export type WebhookDeps = { db: AppDb; allowPrivateAddresses: boolean; publicUrl: string };

export const webhookDeliveryJobKind = 'webhook.deliver';

/** How long a receiver has to answer one delivery. */
export const webhookTimeoutMs = 10_000;

/** How many deliveries the log shows (the newest). */
export const webhookLogSize = 100;

function invalid(path: string, message: string): never {
  throw new AppError('validationFailed', { errors: [{ path, message }] });
}

function publicHook(hook: queries.HookRecord): Webhook {
  const { createdBy: _createdBy, folderPath: _folderPath, ...rest } = hook;
  return rest;
}

async function hookOf(tx: Tx, ctx: AccessContext, hookId: string): Promise<queries.HookRecord> {
  const hook = await queries.hookOfFolder(tx, ctx.workspace.workspaceId, ctx.folder.folderId, hookId);
  if (!hook) throw new AppError('webhookNotFound');
  return hook;
}

/** `timestamp.body` signed with the hook's secret: the value of the signature header. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Checks a hook's body: its receiver allowed, its folders below the hook's, its templates of the workspace. */
async function checkedBody(deps: WebhookDeps, tx: Tx, ctx: AccessContext, body: WebhookBody) {
  try {
    await checkedAddresses(new URL(body.url).hostname, deps.allowPrivateAddresses);
  } catch (error) {
    if (error instanceof ReceiverRefused) invalid('body.url', error.message);
    throw error;
  }
  const workspaceId = ctx.workspace.workspaceId;
  const folders = await queries.foldersBelow(tx, workspaceId, ctx.folder.folderId, body.folderIds);
  body.folderIds.forEach((folderId, index) => {
    if (!folders.has(folderId)) invalid(`body.folderIds.${index}`, "This folder isn't inside the webhook's folder");
  });
  const templates = await queries.existingTemplates(tx, workspaceId, body.templateIds);
  body.templateIds.forEach((templateId, index) => {
    if (!templates.has(templateId)) invalid(`body.templateIds.${index}`, "We couldn't find this template");
  });
  return {
    url: body.url,
    events: body.events,
    folderIds: [...new Set(body.folderIds)],
    templateIds: [...new Set(body.templateIds)],
  };
}

function hookEvent(ctx: AccessContext, action: string, hook: { id: string; url: string }) {
  return {
    ...workspaceEvent(ctx.workspace.workspaceId, ctx.user.userId, action, { hookId: hook.id, url: hook.url }),
    folderPath: [...ctx.folder.path],
  };
}

export async function listHooks(db: AppDb, ctx: AccessContext): Promise<{ webhooks: Webhook[] }> {
  const hooks = await inScope(db, ctx.scope, (tx) =>
    queries.hooksOfFolder(tx, ctx.workspace.workspaceId, ctx.folder.folderId),
  );
  return { webhooks: hooks.map(publicHook) };
}

export async function getHook(db: AppDb, ctx: AccessContext, hookId: string): Promise<Webhook> {
  return publicHook(await inScope(db, ctx.scope, (tx) => hookOf(tx, ctx, hookId)));
}

export async function createHook(deps: WebhookDeps, ctx: AccessContext, body: WebhookBody): Promise<Webhook> {
  if (ctx.folder.state !== 'active')
    throw new AppError('conflict', { detail: 'Webhooks can only be added to an active folder.' });
  const workspaceId = ctx.workspace.workspaceId;
  const hookId = randomUUID();
  return inScope(deps.db, ctx.scope, async (tx) => {
    const checked = await checkedBody(deps, tx, ctx, body);
    if ((await queries.countHooks(tx, workspaceId, ctx.folder.folderId)) >= webhookMaxPerFolder)
      throw new AppError('conflict', { detail: `A folder can have at most ${webhookMaxPerFolder} webhooks.` });
    await queries.insertHook(tx, {
      ...checked,
      workspaceId,
      hookId,
      folderId: ctx.folder.folderId,
      folderPath: [...ctx.folder.path],
      secret: `whsec_${randomBytes(24).toString('base64url')}`,
      state: body.enabled ? 'active' : 'disabled',
      disabledReason: body.enabled ? null : 'manual',
      userId: ctx.user.userId,
    });
    await recordEvents(tx, [hookEvent(ctx, 'webhook.created', { id: hookId, url: checked.url })]);
    return publicHook(await hookOf(tx, ctx, hookId));
  });
}

/** Changes a hook; enabling a disabled one (after failures too) makes it send again. */
export async function updateHook(
  deps: WebhookDeps,
  ctx: AccessContext,
  hookId: string,
  body: WebhookBody,
): Promise<Webhook> {
  return inScope(deps.db, ctx.scope, async (tx) => {
    const before = await hookOf(tx, ctx, hookId);
    const checked = await checkedBody(deps, tx, ctx, body);
    const stayDisabled = !body.enabled && before.state === 'disabled';
    await queries.updateHook(tx, ctx.workspace.workspaceId, hookId, {
      ...checked,
      state: body.enabled ? 'active' : 'disabled',
      disabledReason: body.enabled ? null : stayDisabled ? before.disabledReason : 'manual',
    });
    await recordEvents(tx, [hookEvent(ctx, 'webhook.changed', { id: hookId, url: checked.url })]);
    return publicHook(await hookOf(tx, ctx, hookId));
  });
}

export async function deleteHook(db: AppDb, ctx: AccessContext, hookId: string): Promise<{ id: string }> {
  return inScope(db, ctx.scope, async (tx) => {
    const before = await hookOf(tx, ctx, hookId);
    await queries.deleteHook(tx, ctx.workspace.workspaceId, hookId);
    await recordEvents(tx, [hookEvent(ctx, 'webhook.deleted', before)]);
    return { id: hookId };
  });
}

export async function listDeliveries(
  db: AppDb,
  ctx: AccessContext,
  hookId: string,
): Promise<{ deliveries: WebhookDelivery[] }> {
  return inScope(db, ctx.scope, async (tx) => {
    await hookOf(tx, ctx, hookId);
    return { deliveries: await queries.deliveriesOfHook(tx, ctx.workspace.workspaceId, hookId, webhookLogSize) };
  });
}

async function queueDelivery(
  tx: Tx,
  workspaceId: string,
  hook: queries.HookRecord,
  deliveryId: string,
  runAfter?: Date,
) {
  await enqueueJob(tx, {
    workspaceId,
    jobId: randomUUID(),
    kind: webhookDeliveryJobKind,
    folderId: hook.folderId,
    params: { hookId: hook.id, deliveryId },
    createdBy: null,
    runAfter,
  });
}

/** Sends an event again to an active hook, as a new delivery with the same event id. */
export async function redeliver(
  db: AppDb,
  ctx: AccessContext,
  hookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const workspaceId = ctx.workspace.workspaceId;
  const delivery = await inScope(db, ctx.scope, async (tx) => {
    const hook = await hookOf(tx, ctx, hookId);
    const original = await queries.deliveryOfHook(tx, workspaceId, hookId, deliveryId);
    if (!original) throw new AppError('webhookDeliveryNotFound');
    if (hook.state !== 'active') throw new AppError('webhookDisabled');
    const newId = await queries.insertDelivery(tx, workspaceId, hookId, original.eventId, ctx.user.userId);
    await queueDelivery(tx, workspaceId, hook, newId);
    return queries.deliveryOfHook(tx, workspaceId, hookId, newId);
  });
  jobQueued(db);
  return delivery as WebhookDelivery;
}

/** Sends a `webhook.test` event to an active hook (it shows in the log like any delivery). */
export async function sendTest(db: AppDb, ctx: AccessContext, hookId: string): Promise<WebhookDelivery> {
  const workspaceId = ctx.workspace.workspaceId;
  const delivery = await inScope(db, ctx.scope, async (tx) => {
    const hook = await hookOf(tx, ctx, hookId);
    if (hook.state !== 'active') throw new AppError('webhookDisabled');
    const eventId = await queries.insertEvent(tx, workspaceId, webhookTestEventType, {
      type: webhookTestEventType,
      createdAt: new Date().toISOString(),
      workspaceId,
      folderPath: [...ctx.folder.path],
      actorUserId: ctx.user.userId,
      data: { hookId },
    });
    const newId = await queries.insertDelivery(tx, workspaceId, hookId, eventId, ctx.user.userId);
    await queueDelivery(tx, workspaceId, hook, newId);
    return queries.deliveryOfHook(tx, workspaceId, hookId, newId);
  });
  jobQueued(db);
  return delivery as WebhookDelivery;
}

/** The signed request of one attempt: the body and headers a receiver verifies. */
export function signedDelivery(
  hook: { secret: string },
  delivery: { deliveryId: string; eventId: string; eventType: string; payload: Record<string, unknown> },
  now: Date,
) {
  const body = JSON.stringify({ id: delivery.eventId, ...delivery.payload });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    body,
    headers: {
      [webhookEventIdHeader]: delivery.eventId,
      [webhookEventTypeHeader]: delivery.eventType,
      [webhookDeliveryIdHeader]: delivery.deliveryId,
      [webhookTimestampHeader]: timestamp,
      [webhookSignatureHeader]: webhookSignature(hook.secret, timestamp, body),
    },
  };
}

/**
 * The job of one attempt: a hook disabled or deleted meanwhile sends nothing (the delivery is
 * skipped); else the event is POSTed, a 2xx answer succeeds, anything else queues the next
 * attempt after its delay, and the last failure fails the delivery, disables the hook and tells
 * its owner by e-mail (in the transaction that records the attempt).
 */
export function webhookDeliveryJobHandler(deps: WebhookDeps): JobHandler {
  return async (job) => {
    const { hookId, deliveryId } = job.params as { hookId: string; deliveryId: string };
    const workspaceId = job.workspaceId;
    const scope: Scope = { workspaceId, userId: null, isAdmin: false };
    const ready = await inScope(deps.db, scope, async (tx) => {
      const hook = await queries.hookById(tx, workspaceId, hookId);
      const delivery = await queries.deliveryToSend(tx, workspaceId, deliveryId);
      if (delivery?.state !== 'pending') return undefined;
      if (hook?.state !== 'active') {
        await queries.skipDelivery(tx, workspaceId, deliveryId);
        return undefined;
      }
      return { hook, delivery };
    });
    if (!ready) return { sent: false };
    const { hook, delivery } = ready;
    const request = signedDelivery(hook, delivery, new Date());
    const answer = await postToReceiver({
      url: hook.url,
      headers: request.headers,
      body: request.body,
      allowPrivate: deps.allowPrivateAddresses,
      timeoutMs: webhookTimeoutMs,
      excerptChars: webhookResponseExcerptChars,
    });
    const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const attempt = delivery.attempts + 1;
    const delay = webhookRetryDelaysSeconds[attempt - 1];
    const retry = !ok && attempt < webhookMaxAttempts && delay !== undefined;
    const nextAttemptAt = retry ? new Date(Date.now() + delay * 1000) : null;
    await inScope(deps.db, scope, async (tx) => {
      await queries.recordAttempt(tx, workspaceId, deliveryId, {
        state: ok ? 'succeeded' : retry ? 'pending' : 'failed',
        nextAttemptAt,
        statusCode: answer.statusCode,
        durationMs: answer.durationMs,
        excerpt: answer.excerpt,
        error: ok ? null : (answer.error ?? `The receiver answered ${answer.statusCode}`),
      });
      if (retry) await queueDelivery(tx, workspaceId, hook, deliveryId, nextAttemptAt ?? undefined);
      if (!ok && !retry) await disableAfterFailures(deps, tx, workspaceId, hook);
    });
    return { sent: true, ok, attempt, statusCode: answer.statusCode };
  };
}

async function disableAfterFailures(deps: WebhookDeps, tx: Tx, workspaceId: string, hook: queries.HookRecord) {
  if (!(await queries.disableForFailures(tx, workspaceId, hook.id))) return;
  await recordEvents(tx, [
    {
      ...workspaceEvent(workspaceId, null, 'webhook.disabled', { hookId: hook.id, url: hook.url }),
      folderPath: hook.folderPath,
    },
  ]);
  const owner = hook.createdBy ? await queries.userEmail(tx, hook.createdBy) : undefined;
  if (!owner) return;
  const folder = await queries.folderName(tx, workspaceId, hook.folderId);
  const { t } = textsIn(await userLocale(tx, workspaceId, hook.createdBy));
  const kind = hook.folderPath.length === 1 ? 'companies' : 'teams';
  await enqueueMail(tx, {
    to: owner,
    subject: t('mail.webhookDisabled.subject'),
    text: t('mail.webhookDisabled.body', {
      url: hook.url,
      folder,
      attempts: webhookMaxAttempts,
      link: `${deps.publicUrl}/home/${kind}/${hook.folderId}/settings?tab=webhooks&hook=${hook.id}`,
    }),
  });
}
