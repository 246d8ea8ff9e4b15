import { randomUUID } from 'node:crypto';
import { type FeatureToggles, readFeatureToggles } from '@formwork/shared/feature-toggles';
import { emailDomain, isFreeMailDomain } from '@formwork/shared/invitation-rules';
import { createWorkspaceAccess, createWorkspaceDenied } from '@formwork/shared/permissions';
import type {
  AccessibleWorkspace,
  CreateWorkspace,
  UpdateWorkspace,
  VisitorTrial,
  Workspace,
} from '@formwork/shared/schemas/workspaces';
import { type AccessContext, companyContext, personalScope, type WorkspaceContext } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, systemScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { openTrialAccount, scheduleTrialEnd, toAccountSummary } from '../accounts/accounts.service.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './workspaces.queries.ts';

/** A workspace row as the API sends it: its account's dates as ISO strings, its toggles read. */
function withAccount<T extends { account: Parameters<typeof toAccountSummary>[0]; featureToggles: unknown }>(
  row: T,
): Omit<T, 'account' | 'featureToggles'> & { account: Workspace['account']; featureToggles: FeatureToggles } {
  return { ...row, account: toAccountSummary(row.account), featureToggles: readFeatureToggles(row.featureToggles) };
}

/** Spec 2.1, 7: the workspaces the user may open, each with its region and account. */
export async function accessibleWorkspaces(db: AppDb, user: SignedInUser): Promise<AccessibleWorkspace[]> {
  const rows = await inScope(db, personalScope(user), (tx) => queries.accessibleWorkspaces(tx, user.userId));
  return rows.map(withAccount);
}

/** Spec 5.4: super users search every workspace by name (2 or more characters, trimmed). */
export async function searchWorkspaces(db: AppDb, user: SignedInUser, q: string): Promise<Workspace[]> {
  if (!user.isAdmin) throw new AppError('forbidden');
  const rows = await inScope(db, personalScope(user), (tx) => queries.searchWorkspaces(tx, q, 20));
  return rows.map(withAccount);
}

/**
 * Spec 2.8, 4.4: whether the e-mail's business domain is in use: someone else already has an
 * account on it (free-mail domains never are). Sign-up's UsedDomain step and the visitor trial's
 * existing-domain modal ask this one question.
 */
export async function businessDomainInUse(tx: Tx, email: string, exceptUserId: string | null): Promise<boolean> {
  const domain = emailDomain(email);
  return !isFreeMailDomain(domain) && queries.domainHasUsers(tx, domain, exceptUserId);
}

/** Spec 4.4: a trial that ended (its status says so, or its end date has passed). */
function trialEnded(account: AccessibleWorkspace['account'], now: number): boolean {
  if (account.subscriptionStatus === 'expired_trial') return true;
  return (
    account.subscriptionStatus === 'free_trial' &&
    account.trialEndDate !== null &&
    Date.parse(account.trialEndDate) <= now
  );
}

/**
 * Spec 2.6, 4.4: what a visitor who adds a workspace is shown. Their own trial workspace (one they
 * run as its org controller) whose trial has ended gives the expired modal; otherwise the domain
 * check chooses between the plain modal and the existing-domain one (join or create).
 */
export async function visitorTrial(db: AppDb, user: SignedInUser): Promise<VisitorTrial> {
  const workspaces = await accessibleWorkspaces(db, user);
  const now = Date.now();
  const expired = workspaces.find(
    (w) => w.userType === 'contributor' && w.isOrgController && !w.archived && trialEnded(w.account, now),
  );
  const isBusinessDomainInUse = await inScope(db, systemScope, (tx) =>
    businessDomainInUse(tx, user.email, user.userId),
  );
  return {
    domain: emailDomain(user.email),
    isBusinessDomainInUse,
    expiredTrial: expired ? { workspaceId: expired.workspaceId, name: expired.name } : null,
  };
}

/**
 * Spec 5.4, 6: admins, visitors and visitor-only users may create a workspace; org controllers
 * too when their current workspace's plan allows extra workspaces. The workspace starts its own
 * account (a self-service free trial) in the same transaction; both are audited.
 */
export async function createWorkspace(
  db: AppDb,
  user: SignedInUser,
  input: CreateWorkspace,
  region: string,
): Promise<AccessibleWorkspace> {
  const from = input.fromWorkspaceId
    ? await inScope(db, personalScope(user), (tx) =>
        queries.membershipIn(tx, user.userId, input.fromWorkspaceId as string),
      )
    : undefined;
  if (input.fromWorkspaceId && !from && !user.isAdmin) throw new AppError('notFound');
  const access = createWorkspaceAccess({
    isAdmin: user.isAdmin,
    isVisitorOnly: user.isVisitorOnly,
    userType: from?.userType ?? null,
    isOrgController: from?.isOrgController ?? false,
    plan: from?.plan ?? null,
  });
  if (!access.enabled) throw new AppError('forbidden', { detail: createWorkspaceDenied });

  const workspaceId = randomUUID();
  return inScope(db, { userId: user.userId, workspaceId, isAdmin: user.isAdmin }, async (tx) => {
    await openTrialWorkspace(tx, {
      workspaceId,
      name: input.name,
      region,
      timeZone: input.timeZone ?? 'UTC',
      creatorId: user.userId,
    });
    const [created] = await queries.accessibleWorkspaces(tx, user.userId, workspaceId);
    if (!created) throw new Error('workspace not created');
    return withAccount(created);
  });
}

/**
 * Spec 1, 4.4, 5.4: a new workspace on its own self-service account with a 30-day free trial, the
 * creator its org controller, the trial's end queued as a job, both audited; in the caller's
 * transaction (scoped to the new workspace). Adding a workspace and signing up (issue 17.1) make
 * workspaces this one way.
 */
export async function openTrialWorkspace(
  tx: Tx,
  input: { workspaceId: string; name: string; region: string; timeZone: string; creatorId: string },
): Promise<{ accountId: string; trialEndDate: Date }> {
  const { workspaceId } = input;
  const accountId = randomUUID();
  const account = await openTrialAccount(tx, { accountId, name: input.name, now: new Date() });
  await writeNewWorkspace(tx, { ...input, accountId });
  await scheduleTrialEnd(tx, { workspaceId, accountId, trialEndDate: account.trialEndDate });
  // The account first: the activity lists the workspace's creation as the newest event.
  await recordEvents(tx, [
    {
      workspaceId,
      actorUserId: input.creatorId,
      action: 'account.created',
      subjectType: 'account',
      subjectId: accountId,
      folderPath: [workspaceId],
      details: {
        name: account.name,
        accountType: account.accountType,
        planType: account.planType,
        subscriptionStatus: account.subscriptionStatus,
        trialEndDate: account.trialEndDate.toISOString(),
      },
    },
    {
      workspaceId,
      actorUserId: input.creatorId,
      action: 'workspace.created',
      subjectType: 'workspace',
      subjectId: workspaceId,
      folderPath: [workspaceId],
      details: { name: input.name },
    },
  ]);
  return { accountId, trialEndDate: account.trialEndDate };
}

/**
 * An org controller (or admin) changes the workspace's settings: its time zone, in which PDFs and
 * exports show times. Another tenant's workspace answers 404; a member without the right 403.
 */
export async function updateWorkspace(db: AppDb, ctx: AccessContext, input: UpdateWorkspace): Promise<Workspace> {
  const { workspaceId } = ctx.workspace;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await queries.updateTimeZone(tx, workspaceId, input.timeZone);
    if (before === undefined) throw new AppError('notFound');
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: ctx.user.userId,
        action: 'workspace.updated',
        subjectType: 'workspace',
        subjectId: workspaceId,
        folderPath: [workspaceId],
        details: { name: ctx.workspace.name, timeZone: input.timeZone, previousTimeZone: before },
      },
    ]);
    const [row] = await queries.workspaceById(tx, workspaceId);
    if (!row) throw new AppError('notFound');
    return withAccount(row);
  });
}

/**
 * Super users (admins) turn a workspace's feature toggles on or off (spec 6:
 * enableDefaultSignatureUser); audited in the workspace. Anyone else: 403.
 */
export async function setFeatureToggles(
  db: AppDb,
  user: SignedInUser,
  workspaceId: string,
  toggles: Partial<FeatureToggles>,
): Promise<Workspace> {
  // Another tenant's workspace answers 404 before the right is checked (its existence is not revealed).
  const ctx = await companyContext(db, user, workspaceId, 'notFound');
  if (!user.isAdmin) throw new AppError('forbidden');
  return inScope(db, ctx.scope, async (tx) => {
    if (!(await queries.setFeatureToggles(tx, workspaceId, toggles))) throw new AppError('notFound');
    await recordEvents(tx, [
      {
        workspaceId,
        actorUserId: user.userId,
        action: 'workspace.updated',
        subjectType: 'workspace',
        subjectId: workspaceId,
        folderPath: [workspaceId],
        details: { name: ctx.workspace.name, featureToggles: toggles },
      },
    ]);
    const [row] = await queries.workspaceById(tx, workspaceId);
    if (!row) throw new AppError('notFound');
    return withAccount(row);
  });
}

/** The feature toggles of a verified workspace (feature-toggles.ts). */
export async function workspaceFeatureToggles(db: AppDb, ctx: WorkspaceContext): Promise<FeatureToggles> {
  const stored = await inScope(db, ctx.scope, (tx) => queries.featureToggles(tx, ctx.workspace.workspaceId));
  return readFeatureToggles(stored);
}

/**
 * The rows of a new workspace of an existing account (its company folder, the creator as its
 * controller), inside the caller's transaction: createWorkspace and the demo seed make workspaces
 * this one way.
 */
export async function writeNewWorkspace(
  tx: Tx,
  workspace: Parameters<typeof queries.insertWorkspace>[1],
): Promise<void> {
  await queries.insertWorkspace(tx, workspace);
}
