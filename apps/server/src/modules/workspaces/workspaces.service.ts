import { randomUUID } from 'node:crypto';
import { type DocumentSettings, readDocumentSettings } from '@formwork/shared/document-settings';
import { type FeatureToggles, readFeatureToggles } from '@formwork/shared/feature-toggles';
import { emailDomain, isFreeMailDomain } from '@formwork/shared/invitation-rules';
import { type JointVenture, readJointVenture } from '@formwork/shared/joint-venture';
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
import { recordEvents, workspaceEvent } from '../activity/record-events.ts';
import { knownLogos } from '../files/files.service.ts';
import * as queries from './workspaces.queries.ts';

/** Where a workspace's logo (General) or PDF logo (Branding) is served; the file id makes each version's address its own. */
export function logoPath(workspaceId: string, which: 'logo' | 'pdf-logo', fileId: string): string {
  return `/api/workspaces/${workspaceId}/${which}?v=${fileId}`;
}

type StoredWorkspace = {
  workspaceId: string;
  logoUrl: string | null;
  logoFileId: string | null;
  pdfLogoFileId: string | null;
  account: Parameters<typeof toAccountSummary>[0];
  featureToggles: unknown;
  documentSettings: unknown;
  jointVenture: unknown;
};

/** A workspace row as the API sends it: its account's dates as ISO strings, its toggles and settings read, its logos' addresses. */
function withAccount<T extends StoredWorkspace>(
  row: T,
): Omit<T, 'account' | 'featureToggles' | 'documentSettings' | 'jointVenture'> & {
  jointVenture: JointVenture | null;
  account: Workspace['account'];
  featureToggles: FeatureToggles;
  documentSettings: DocumentSettings;
  pdfLogoUrl: string | null;
} {
  return {
    ...row,
    logoUrl: row.logoFileId ? logoPath(row.workspaceId, 'logo', row.logoFileId) : row.logoUrl,
    pdfLogoUrl: row.pdfLogoFileId ? logoPath(row.workspaceId, 'pdf-logo', row.pdfLogoFileId) : null,
    account: toAccountSummary(row.account),
    featureToggles: readFeatureToggles(row.featureToggles),
    documentSettings: readDocumentSettings(row.documentSettings),
    jointVenture: readJointVenture(row.jointVenture),
  };
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
    workspaceEvent(workspaceId, input.creatorId, 'workspace.created', { name: input.name }),
  ]);
  return { accountId, trialEndDate: account.trialEndDate };
}

/** The settings an update names, in the order the activity lists them. */
const settingNames = [
  'name',
  'timeZone',
  'locale',
  'logoFileId',
  'brandColour',
  'pdfLogoFileId',
  'documentSettings',
  'visitorsAllowed',
  'jointVenture',
] as const;

/**
 * An org controller (or admin) changes the workspace's settings (General, Branding, Documents &
 * Formatting, Feature Access): only what is sent and differs changes, in one transaction with one audit event
 * naming the settings changed (and the time zone before and after). A logo must be a file uploaded
 * to this workspace as a logo. Another tenant's workspace answers 404; a member without the right 403.
 */
export async function updateWorkspace(db: AppDb, ctx: AccessContext, input: UpdateWorkspace): Promise<Workspace> {
  const { workspaceId } = ctx.workspace;
  return inScope(db, ctx.scope, async (tx) => {
    const before = await queries.settingsForUpdate(tx, workspaceId);
    if (before === undefined) throw new AppError('notFound');
    const logos = [input.logoFileId, input.pdfLogoFileId].filter((id): id is string => typeof id === 'string');
    const known = await knownLogos(tx, workspaceId, logos);
    const unknown = (['logoFileId', 'pdfLogoFileId'] as const).filter((key) => {
      const id = input[key];
      return typeof id === 'string' && !known.has(id);
    });
    if (unknown.length > 0) {
      throw new AppError('validationFailed', {
        errors: unknown.map((key) => ({ path: `body.${key}`, message: 'Upload the logo to this workspace first.' })),
      });
    }
    const changes: Partial<queries.WorkspaceSettingsRow> = {};
    for (const key of settingNames) {
      const value = input[key];
      if (value === undefined) continue;
      const same =
        key === 'documentSettings'
          ? JSON.stringify(readDocumentSettings(before.documentSettings)) === JSON.stringify(value)
          : key === 'jointVenture'
            ? JSON.stringify(readJointVenture(before.jointVenture)) === JSON.stringify(value)
            : before[key] === value;
      if (!same) Object.assign(changes, { [key]: value });
    }
    const changed = settingNames.filter((key) => key in changes);
    if (changed.length > 0) {
      await queries.updateSettings(tx, workspaceId, changes);
      await recordEvents(tx, [
        workspaceEvent(workspaceId, ctx.user.userId, 'workspace.updated', {
          name: changes.name ?? before.name,
          changed,
          ...(changes.name !== undefined ? { previousName: before.name } : {}),
          ...(changes.timeZone !== undefined ? { timeZone: changes.timeZone, previousTimeZone: before.timeZone } : {}),
        }),
      ]);
    }
    const [row] = await queries.workspaceById(tx, workspaceId);
    if (!row) throw new AppError('notFound');
    return withAccount(row);
  });
}

/**
 * What the workspace's PDFs and exports follow (issue 23.1), in the caller's transaction: its
 * Documents & Formatting settings and the logo PDFs show (Branding's PDF logo, else the logo).
 */
export async function workspaceDocuments(
  tx: Tx,
  workspaceId: string,
): Promise<{ documents: DocumentSettings; pdfLogoFileId: string | null; brandColour: string | null }> {
  const row = await queries.documentsAndLogos(tx, workspaceId);
  return {
    documents: readDocumentSettings(row?.documentSettings),
    pdfLogoFileId: row?.pdfLogoFileId ?? row?.logoFileId ?? null,
    brandColour: row?.brandColour ?? null,
  };
}

/** The workspace's logo or PDF logo file id (for someone who may browse the workspace), or 404. */
export async function logoFileId(db: AppDb, ctx: WorkspaceContext, which: 'logo' | 'pdf-logo'): Promise<string> {
  const row = await inScope(db, ctx.scope, (tx) => queries.documentsAndLogos(tx, ctx.workspace.workspaceId));
  const fileId = which === 'logo' ? row?.logoFileId : row?.pdfLogoFileId;
  if (!fileId) throw new AppError('notFound');
  return fileId;
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
      workspaceEvent(workspaceId, user.userId, 'workspace.updated', {
        name: ctx.workspace.name,
        featureToggles: toggles,
      }),
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
