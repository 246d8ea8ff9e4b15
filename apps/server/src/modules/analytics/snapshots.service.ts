import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { can } from '@formwork/shared/permissions';
import {
  chartDefinitionSchema,
  type SetSnapshotSubscriptions,
  type SnapshotFrequency,
  type SnapshotSubscriptionInfo,
  type SnapshotSubscriptions,
  type SnapshotUnsubscribe,
  snapshotFrequencies,
} from '@formwork/shared/schemas/analytics';
import { type AccessContext, folderInWorkspaceContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { userLocale } from '../../i18n/recipient-locale.ts';
import { type Translate, textsIn } from '../../i18n/texts.ts';
import { loadSecret } from '../../idp/keys.ts';
import { escapeHtml } from '../../idp/pages.ts';
import { enqueueJob, type Job } from '../../jobs/job-queue.ts';
import { jobQueued } from '../../jobs/runner.ts';
import { enqueueMail, type MailAttachment } from '../../mail/mail.ts';
import { type AuditEvent, recordEvents } from '../activity/record-events.ts';
import * as charts from './analytics.queries.ts';
import { valuesOf } from './analytics.service.ts';
import { type DrawnChart, drawChart } from './snapshot-render.ts';
import * as queries from './snapshots.queries.ts';

/**
 * Snapshot e-mails (spec 2.6, issue 20.4): a person who may view a dashboard subscribes to it
 * weekly, monthly or both. Each subscription has one scheduled job (`dashboard.snapshot`); when it
 * runs it draws the dashboard's charts as that person sees them (their permissions now, not when
 * they subscribed), mails them with an unsubscribe link and schedules the next one.
 */

export const snapshotJobKind = 'dashboard.snapshot';

export type SnapshotDeps = { db: AppDb; publicUrl: string };

// The unsubscribe link's token -------------------------------------------------------------------

const secretName = 'snapshot-unsubscribe-key';
const keys = new WeakMap<AppDb, Promise<string>>();

/** The server's secret the unsubscribe tokens are made with (made once, kept in the database). */
function unsubscribeKey(db: AppDb): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = loadSecret(db, secretName);
    keys.set(db, key);
  }
  return key;
}

function tokenOf(key: string, workspaceId: string, subscriptionId: string): string {
  return createHmac('sha256', key).update(`${workspaceId}:${subscriptionId}`).digest('base64url');
}

function tokenMatches(key: string, link: SnapshotUnsubscribe): boolean {
  const expected = Buffer.from(tokenOf(key, link.workspaceId, link.subscriptionId));
  const given = Buffer.from(link.token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// Subscribing ------------------------------------------------------------------------------------

function subscriptionEvent(
  ctx: {
    workspaceId: string;
    userId: string;
    folderKind: 'team' | 'company' | 'project';
    folderId: string;
    folderPath: string[];
  },
  action: 'dashboard.subscribed' | 'dashboard.unsubscribed' | 'dashboard.snapshotHourChanged',
  details: Record<string, unknown>,
): AuditEvent {
  return {
    workspaceId: ctx.workspaceId,
    actorUserId: ctx.userId,
    action,
    subjectType: ctx.folderKind,
    subjectId: ctx.folderId,
    folderPath: ctx.folderPath,
    details,
  };
}

async function requireDashboard(tx: Tx, ctx: AccessContext, dashboardId: string) {
  const dashboard = await charts.dashboardOf(tx, ctx.workspace.workspaceId, ctx.folder.folderId, dashboardId);
  if (!dashboard) throw new AppError('dashboardNotFound');
  return dashboard;
}

/** The hour snapshot e-mails are sent at unless the subscriber chooses another. */
const defaultHour = 7;

function asSubscriptions(rows: queries.SubscriptionRow[]): SnapshotSubscriptions {
  return {
    weekly: rows.some((r) => r.frequency === 'weekly'),
    monthly: rows.some((r) => r.frequency === 'monthly'),
    hour: rows[0]?.hour ?? defaultHour,
  };
}

/** The caller's snapshot e-mails of a dashboard. */
export async function snapshotSubscriptions(
  db: AppDb,
  ctx: AccessContext,
  dashboardId: string,
): Promise<SnapshotSubscriptions> {
  return inScope(db, ctx.scope, async (tx) => {
    await requireDashboard(tx, ctx, dashboardId);
    return asSubscriptions(await queries.subscriptionsOf(tx, ctx.workspace.workspaceId, dashboardId, ctx.user.userId));
  });
}

/** Schedules a subscription's next e-mail (its date in the workspace's time zone) and names it the next. */
async function scheduleNext(
  tx: Tx,
  s: {
    workspaceId: string;
    subscriptionId: string;
    folderId: string;
    userId: string;
    frequency: SnapshotFrequency;
    hour: number;
  },
  timeZone: string,
): Promise<string> {
  const jobId = randomUUID();
  await enqueueJob(tx, {
    workspaceId: s.workspaceId,
    jobId,
    kind: snapshotJobKind,
    folderId: s.folderId,
    params: { subscriptionId: s.subscriptionId },
    createdBy: s.userId,
    runAfter: await queries.nextSnapshotAt(tx, s.frequency, timeZone, s.hour),
  });
  return jobId;
}

/**
 * Subscribes the caller to the weekly and monthly e-mails asked for, and unsubscribes them from
 * the others; a new hour reschedules the ones kept. Each change with its audit event, in one
 * transaction.
 */
export async function setSnapshotSubscriptions(
  db: AppDb,
  ctx: AccessContext,
  dashboardId: string,
  wanted: SetSnapshotSubscriptions,
): Promise<SnapshotSubscriptions> {
  const workspaceId = ctx.workspace.workspaceId;
  const userId = ctx.user.userId;
  const who = {
    workspaceId,
    userId,
    folderKind: ctx.folder.kind,
    folderId: ctx.folder.folderId,
    folderPath: [...ctx.folder.path],
  };
  return inScope(db, ctx.scope, async (tx) => {
    const dashboard = await requireDashboard(tx, ctx, dashboardId);
    const current = await queries.subscriptionsOf(tx, workspaceId, dashboardId, userId, true);
    const hour = wanted.hour ?? current[0]?.hour ?? defaultHour;
    const events: AuditEvent[] = [];
    for (const frequency of snapshotFrequencies) {
      const existing = current.find((r) => r.frequency === frequency);
      const s = { workspaceId, folderId: ctx.folder.folderId, userId, frequency, hour };
      if (wanted[frequency] && !existing) {
        const subscriptionId = randomUUID();
        const nextJobId = await scheduleNext(tx, { ...s, subscriptionId }, ctx.workspace.timeZone);
        await queries.insertSubscription(tx, { ...s, subscriptionId, dashboardId, nextJobId });
        events.push(
          subscriptionEvent(who, 'dashboard.subscribed', { dashboardId, name: dashboard.name, frequency, hour }),
        );
      } else if (wanted[frequency] && existing && existing.hour !== hour) {
        // The job scheduled for the old hour finds itself superseded.
        const subscriptionId = existing.subscriptionId;
        const nextJobId = await scheduleNext(tx, { ...s, subscriptionId }, ctx.workspace.timeZone);
        await queries.setSendHour(tx, workspaceId, subscriptionId, { hour, nextJobId });
        events.push(
          subscriptionEvent(who, 'dashboard.snapshotHourChanged', {
            dashboardId,
            name: dashboard.name,
            frequency,
            hour,
            from: existing.hour,
          }),
        );
      } else if (!wanted[frequency] && existing) {
        await queries.deleteSubscription(tx, workspaceId, existing.subscriptionId);
        events.push(subscriptionEvent(who, 'dashboard.unsubscribed', { dashboardId, name: dashboard.name, frequency }));
      }
    }
    await recordEvents(tx, events);
    return asSubscriptions(await queries.subscriptionsOf(tx, workspaceId, dashboardId, userId));
  });
}

/**
 * Sends the caller the e-mail of one of their subscriptions now (its schedule is unchanged). A
 * frequency they do not receive is a field error.
 */
export async function sendSnapshotNow(
  db: AppDb,
  ctx: AccessContext,
  dashboardId: string,
  frequency: SnapshotFrequency,
): Promise<void> {
  const workspaceId = ctx.workspace.workspaceId;
  await inScope(db, ctx.scope, async (tx) => {
    await requireDashboard(tx, ctx, dashboardId);
    const rows = await queries.subscriptionsOf(tx, workspaceId, dashboardId, ctx.user.userId);
    const subscription = rows.find((r) => r.frequency === frequency);
    if (!subscription)
      throw new AppError('validationFailed', {
        errors: [{ path: 'body.frequency', message: 'Subscribe to this snapshot e-mail first' }],
      });
    await enqueueJob(tx, {
      workspaceId,
      jobId: randomUUID(),
      kind: snapshotJobKind,
      folderId: ctx.folder.folderId,
      params: { subscriptionId: subscription.subscriptionId, once: true },
      createdBy: ctx.user.userId,
    });
  });
  jobQueued(db);
}

// The unsubscribe link ---------------------------------------------------------------------------

/** The scope of a workspace named by an unsubscribe link (no person: the token is the proof). */
const linkScope = (workspaceId: string): Scope => ({ workspaceId, userId: null, isAdmin: false });

async function linkedSubscription(
  tx: Tx,
  key: string,
  link: SnapshotUnsubscribe,
  forUpdate = false,
): Promise<queries.SubscriptionDetail> {
  // A wrong token answers as a subscription that does not exist (nothing is revealed).
  if (!tokenMatches(key, link)) throw new AppError('notFound');
  const subscription = await queries.subscriptionDetail(tx, link.workspaceId, link.subscriptionId, forUpdate);
  if (!subscription) throw new AppError('notFound');
  return subscription;
}

/** What an unsubscribe link is about (404 for a wrong token or a subscription already ended). */
export async function snapshotLinkInfo(db: AppDb, link: SnapshotUnsubscribe): Promise<SnapshotSubscriptionInfo> {
  const key = await unsubscribeKey(db);
  return inScope(db, linkScope(link.workspaceId), async (tx) => {
    const s = await linkedSubscription(tx, key, link);
    return { dashboardName: s.dashboardName, workspaceName: s.workspaceName, frequency: s.frequency };
  });
}

/** Ends the subscription an unsubscribe link names, with its audit event (by the subscriber). */
export async function unsubscribeByLink(db: AppDb, link: SnapshotUnsubscribe): Promise<void> {
  const key = await unsubscribeKey(db);
  await inScope(db, linkScope(link.workspaceId), async (tx) => {
    const s = await linkedSubscription(tx, key, link, true);
    await queries.deleteSubscription(tx, link.workspaceId, s.subscriptionId);
    await recordEvents(tx, [
      subscriptionEvent({ ...s, workspaceId: link.workspaceId }, 'dashboard.unsubscribed', {
        dashboardId: s.dashboardId,
        name: s.dashboardName,
        frequency: s.frequency,
        byLink: true,
      }),
    ]);
  });
}

// The job ----------------------------------------------------------------------------------------

type SnapshotChart = { title: string; drawn: DrawnChart | null };

/**
 * The dashboard's charts as the subscriber sees them now: their context is resolved as a route
 * resolves it (membership in the workspace, roles), so a company dashboard counts only the teams
 * they may see. Null when they may no longer view the dashboard.
 */
async function chartsAsSubscriber(
  db: AppDb,
  s: queries.SubscriptionDetail,
  workspaceId: string,
  t: Translate,
): Promise<SnapshotChart[] | null> {
  let ctx: AccessContext;
  try {
    ctx = await folderInWorkspaceContext(db, s.user, workspaceId, s.folderKind, s.folderId, 'dashboardNotFound');
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  if (!can(ctx.viewer, 'chart.view', ctx.folder)) return null;
  const rows = await inScope(db, ctx.scope, (tx) => charts.chartsOf(tx, workspaceId, s.dashboardId));
  const drawn: SnapshotChart[] = [];
  for (const row of rows) {
    const definition = chartDefinitionSchema.parse(row.definition);
    try {
      const values = await inScope(db, ctx.scope, (tx) => valuesOf(tx, ctx, definition));
      drawn.push({ title: row.title, drawn: await drawChart(definition, values, t) });
    } catch (error) {
      // A chart whose template or fields are gone cannot be drawn; the e-mail says so.
      if (!(error instanceof AppError)) throw error;
      drawn.push({ title: row.title, drawn: null });
    }
  }
  return drawn;
}

/** The subscription's e-mail in its subscriber's locale: texts from mail.snapshot, numbers by Intl. */
function snapshotMail(
  s: queries.SubscriptionDetail,
  items: SnapshotChart[],
  links: { dashboard: string; unsubscribe: string },
  { locale, t }: { locale: string; t: Translate },
): { subject: string; text: string; html: string; attachments: MailAttachment[] } {
  const numbers = new Intl.NumberFormat(locale);
  const changes = new Intl.NumberFormat(locale, { signDisplay: 'always' });
  const numberText = (value: number | null) => (value === null ? '-' : numbers.format(value));
  const place = `${s.workspaceName} > ${s.folderName}`;
  const subject = t(`mail.snapshot.subject.${s.frequency}`, { dashboard: s.dashboardName });
  const attachments: MailAttachment[] = [];
  const intro = t('mail.snapshot.intro', { dashboard: s.dashboardName, place });
  const text: string[] = [intro, ''];
  const html: string[] = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(links.dashboard)}">${escapeHtml(t('mail.snapshot.openDashboard'))}</a></p>`,
  ];
  const say = (key: 'mail.snapshot.noCharts' | 'mail.snapshot.cannotDraw' | 'mail.snapshot.noForms') => {
    text.push(t(key), '');
    html.push(`<p>${escapeHtml(t(key))}</p>`);
  };
  if (items.length === 0) say('mail.snapshot.noCharts');
  items.forEach((item, index) => {
    text.push(item.title);
    html.push(`<h2 style="font-size:16px">${escapeHtml(item.title)}</h2>`);
    const drawn = item.drawn;
    if (!drawn) {
      say('mail.snapshot.cannotDraw');
      return;
    }
    text.push(drawn.source);
    html.push(`<p style="font-size:12px;color:#555;margin-top:0">${escapeHtml(drawn.source)}</p>`);
    if (drawn.rows.length === 0) {
      say('mail.snapshot.noForms');
      return;
    }
    if (drawn.png) {
      const cid = `chart-${index + 1}@formwork`;
      attachments.push({ filename: `chart-${index + 1}.png`, contentType: 'image/png', cid, content: drawn.png });
      html.push(
        `<img src="cid:${cid}" width="640" height="320" alt="${escapeHtml(`${item.title}: ${drawn.measure}`)}">`,
      );
    }
    if (drawn.number) {
      const change = drawn.number.change;
      const changeText = change === null ? '' : ` ${t('mail.snapshot.change', { change: changes.format(change) })}`;
      const value = numberText(drawn.number.value);
      text.push(`${drawn.measure}: ${value}${changeText}`, '');
      html.push(`<p><strong>${value}</strong> ${escapeHtml(drawn.measure)}${escapeHtml(changeText)}</p>`);
      return;
    }
    // The values behind the picture, for readers without images and for screen readers.
    for (const row of drawn.rows) text.push(`  ${row.name}: ${numberText(row.value)}`);
    text.push('');
    html.push(
      `<table cellpadding="4" style="border-collapse:collapse;margin-bottom:16px"><thead><tr><th align="left">${escapeHtml(t('mail.snapshot.group'))}</th><th align="right">${escapeHtml(drawn.measure)}</th></tr></thead><tbody>`,
      ...drawn.rows.map(
        (row) => `<tr><td>${escapeHtml(row.name)}</td><td align="right">${numberText(row.value)}</td></tr>`,
      ),
      '</tbody></table>',
    );
  });
  text.push(
    t('mail.snapshot.openDashboardLink', { link: links.dashboard }),
    '',
    t('mail.snapshot.stopLink', { link: links.unsubscribe }),
  );
  html.push(
    `<p style="font-size:12px;color:#555">${escapeHtml(t(`mail.snapshot.why.${s.frequency}`))} <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(t('mail.snapshot.unsubscribe'))}</a></p>`,
  );
  const body = `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222">\n${html.join('\n')}\n</div>`;
  return { subject, text: text.join('\n'), html: body, attachments };
}

/**
 * Runs a `dashboard.snapshot` job: the subscription's e-mail, drawn as its subscriber sees the
 * dashboard, then its next e-mail scheduled (unless the job was a one-off "send now"). A job
 * that is no longer the subscription's next (unsubscribed, or subscribed afresh) sends nothing.
 * A subscriber who may no longer view the dashboard gets nothing and the subscription ends; an
 * archived dashboard sends nothing until it is restored.
 */
export function snapshotJobHandler(deps: SnapshotDeps) {
  return async (job: Job): Promise<Record<string, unknown>> => {
    const { db } = deps;
    const workspaceId = job.workspaceId;
    const subscriptionId = String(job.params.subscriptionId);
    const once = job.params.once === true;
    const scope = linkScope(workspaceId);
    const current = (s: queries.SubscriptionDetail | undefined): s is queries.SubscriptionDetail =>
      s !== undefined && (once || s.nextJobId === job.jobId);
    const before = await inScope(db, scope, (tx) => queries.subscriptionDetail(tx, workspaceId, subscriptionId));
    if (!current(before)) return { sent: false, reason: 'superseded' };
    const texts = textsIn(await inScope(db, scope, (tx) => userLocale(tx, workspaceId, before.userId)));
    const items =
      before.dashboardState === 'active' ? await chartsAsSubscriber(db, before, workspaceId, texts.t) : undefined;
    const key = await unsubscribeKey(db);
    return inScope(db, scope, async (tx) => {
      const s = await queries.subscriptionDetail(tx, workspaceId, subscriptionId, true);
      if (!current(s)) return { sent: false, reason: 'superseded' };
      if (items === null) {
        await queries.deleteSubscription(tx, workspaceId, subscriptionId);
        return { sent: false, reason: 'noAccess' };
      }
      if (items) {
        const kind = s.folderKind === 'team' ? 'teams' : 'companies';
        const token = tokenOf(key, workspaceId, subscriptionId);
        const mail = snapshotMail(
          s,
          items,
          {
            dashboard: `${deps.publicUrl}/analytics/${kind}/${s.folderId}/dashboards/${s.dashboardId}/charts/grid`,
            unsubscribe: `${deps.publicUrl}/snapshots/unsubscribe/${workspaceId}/${subscriptionId}/${token}`,
          },
          texts,
        );
        // Mail programs offer their own Unsubscribe: one click POSTs to this address (RFC 8058).
        const oneClick = `${deps.publicUrl}/api/public/snapshot-subscriptions/${workspaceId}/${subscriptionId}/${token}/unsubscribe`;
        const headers = { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
        await enqueueMail(tx, { to: s.user.email, ...mail, headers });
      }
      if (!once) {
        const nextJobId = await scheduleNext(
          tx,
          { workspaceId, subscriptionId, folderId: s.folderId, userId: s.userId, frequency: s.frequency, hour: s.hour },
          s.timeZone,
        );
        await queries.setNextJob(tx, workspaceId, subscriptionId, nextJobId);
      }
      return { sent: items !== undefined, charts: items?.length ?? 0 };
    });
  };
}
