import type { SnapshotFrequency } from '@formwork/shared/schemas/analytics';
import { sql } from 'drizzle-orm';
import type { Timestamp } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

/**
 * Snapshot e-mail subscriptions (0061_dashboard_snapshots.sql): one row per person, dashboard and
 * frequency. Every function takes the verified workspace id (or, for the public unsubscribe link,
 * the workspace the link names, proven by the link's token).
 */

export type SubscriptionRow = {
  subscriptionId: string;
  dashboardId: string;
  userId: string;
  frequency: SnapshotFrequency;
  nextJobId: string | null;
  /** The hour it is sent at, in the workspace's time zone. */
  hour: number;
};

type SubscriptionDb = {
  subscription_id: string;
  dashboard_id: string;
  user_id: string;
  frequency: SnapshotFrequency;
  next_job_id: string | null;
  send_hour: number | string;
};

const toRow = (r: SubscriptionDb): SubscriptionRow => ({
  subscriptionId: r.subscription_id,
  dashboardId: r.dashboard_id,
  userId: r.user_id,
  frequency: r.frequency,
  nextJobId: r.next_job_id,
  hour: Number(r.send_hour),
});

const columns = sql`subscription_id, dashboard_id, user_id, frequency, next_job_id, send_hour`;

/** A person's subscriptions to a dashboard (none, weekly, monthly or both), locked with `forUpdate`. */
export async function subscriptionsOf(
  tx: Tx,
  workspaceId: string,
  dashboardId: string,
  userId: string,
  forUpdate = false,
): Promise<SubscriptionRow[]> {
  const result = await tx.execute<SubscriptionDb>(sql`
    select ${columns} from dashboard_subscriptions
     where workspace_id = ${workspaceId} and dashboard_id = ${dashboardId} and user_id = ${userId}
     order by frequency ${forUpdate ? sql`for update` : sql``}`);
  return result.rows.map(toRow);
}

export async function insertSubscription(
  tx: Tx,
  s: {
    workspaceId: string;
    subscriptionId: string;
    dashboardId: string;
    userId: string;
    frequency: SnapshotFrequency;
    nextJobId: string;
    hour: number;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into dashboard_subscriptions (workspace_id, subscription_id, dashboard_id, user_id, frequency, next_job_id, send_hour)
    values (${s.workspaceId}, ${s.subscriptionId}, ${s.dashboardId}, ${s.userId}, ${s.frequency}, ${s.nextJobId}, ${s.hour})`);
}

/** A new hour for a subscription, with the job that is now its next e-mail. */
export async function setSendHour(
  tx: Tx,
  workspaceId: string,
  subscriptionId: string,
  change: { hour: number; nextJobId: string },
): Promise<void> {
  await tx.execute(sql`
    update dashboard_subscriptions set send_hour = ${change.hour}, next_job_id = ${change.nextJobId}
     where workspace_id = ${workspaceId} and subscription_id = ${subscriptionId}`);
}

export async function deleteSubscription(tx: Tx, workspaceId: string, subscriptionId: string): Promise<void> {
  await tx.execute(sql`
    delete from dashboard_subscriptions where workspace_id = ${workspaceId} and subscription_id = ${subscriptionId}`);
}

export async function setNextJob(tx: Tx, workspaceId: string, subscriptionId: string, jobId: string): Promise<void> {
  await tx.execute(sql`
    update dashboard_subscriptions set next_job_id = ${jobId}
     where workspace_id = ${workspaceId} and subscription_id = ${subscriptionId}`);
}

/** A subscription with what its e-mail needs: the dashboard, its folder, the person and the workspace. */
export type SubscriptionDetail = SubscriptionRow & {
  dashboardName: string;
  dashboardState: 'active' | 'archived';
  folderId: string;
  folderKind: 'team' | 'company';
  folderName: string;
  folderPath: string[];
  workspaceName: string;
  timeZone: string;
  user: {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    isAdmin: boolean;
    isSso: boolean;
    isVisitorOnly: boolean;
  };
};

export async function subscriptionDetail(
  tx: Tx,
  workspaceId: string,
  subscriptionId: string,
  forUpdate = false,
): Promise<SubscriptionDetail | undefined> {
  const result = await tx.execute<
    SubscriptionDb & {
      dashboard_name: string;
      dashboard_state: 'active' | 'archived';
      folder_id: string;
      folder_kind: 'team' | 'company';
      folder_name: string;
      parent_id: string | null;
      workspace_name: string;
      time_zone: string;
      email: string;
      first_name: string;
      last_name: string;
      is_admin: boolean;
      is_sso: boolean;
      is_visitor_only: boolean;
    }
  >(sql`
    select s.subscription_id, s.dashboard_id, s.user_id, s.frequency, s.next_job_id, s.send_hour,
           d.name as dashboard_name, d.state as dashboard_state, f.folder_id, f.kind as folder_kind,
           f.name as folder_name, f.parent_id, w.name as workspace_name, w.time_zone,
           u.email, u.first_name, u.last_name, u.is_admin, u.is_sso, u.is_visitor_only
      from dashboard_subscriptions s
      join dashboards d on d.workspace_id = s.workspace_id and d.dashboard_id = s.dashboard_id
      join folders f on f.workspace_id = d.workspace_id and f.folder_id = d.folder_id
      join workspaces w on w.workspace_id = s.workspace_id
      join users u on u.user_id = s.user_id
     where s.workspace_id = ${workspaceId} and s.subscription_id = ${subscriptionId}
     ${forUpdate ? sql`for update of s` : sql``}`);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    ...toRow(r),
    dashboardName: r.dashboard_name,
    dashboardState: r.dashboard_state,
    folderId: r.folder_id,
    folderKind: r.folder_kind,
    folderName: r.folder_name,
    folderPath: r.folder_kind === 'company' ? [workspaceId] : [workspaceId, r.parent_id as string, r.folder_id],
    workspaceName: r.workspace_name,
    timeZone: r.time_zone,
    user: {
      userId: r.user_id,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      isAdmin: r.is_admin,
      isSso: r.is_sso,
      isVisitorOnly: r.is_visitor_only,
    },
  };
}

/**
 * When a subscription's next e-mail is due: weekly on Monday, monthly on the 1st, at its hour in the
 * workspace's time zone, after now.
 */
export async function nextSnapshotAt(
  tx: Tx,
  frequency: SnapshotFrequency,
  timeZone: string,
  hour: number,
): Promise<Date> {
  const unit = frequency === 'weekly' ? sql.raw(`'week'`) : sql.raw(`'month'`);
  const step = frequency === 'weekly' ? sql.raw(`interval '1 week'`) : sql.raw(`interval '1 month'`);
  const result = await tx.execute<{ due: Timestamp }>(sql`
    select (date_trunc(${unit}, now() at time zone ${timeZone}) + ${step} + make_interval(hours => ${Math.trunc(hour)})) at time zone ${timeZone} as due`);
  const due = result.rows[0]?.due;
  return due instanceof Date ? due : new Date(String(due));
}
