import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { accounts, folders, memberships, workspaces, workspaceUsers } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

/** A workspace with its account (0010): the plan is the account's plan type. */
const workspaceColumns = {
  workspaceId: workspaces.workspaceId,
  name: workspaces.name,
  logoUrl: workspaces.logoUrl,
  logoFileId: workspaces.logoFileId,
  brandColour: workspaces.brandColour,
  pdfLogoFileId: workspaces.pdfLogoFileId,
  locale: workspaces.locale,
  documentSettings: workspaces.documentSettings,
  visitorsAllowed: workspaces.visitorsAllowed,
  jointVenture: workspaces.jointVenture,
  archived: workspaces.archived,
  plan: accounts.planType,
  region: workspaces.region,
  timeZone: workspaces.timeZone,
  featureToggles: workspaces.featureToggles,
  accountName: accounts.name,
  account: {
    accountId: accounts.accountId,
    accountType: accounts.accountType,
    planType: accounts.planType,
    subscriptionStatus: accounts.subscriptionStatus,
    trialEndDate: accounts.trialEndDate,
  },
};

/** Company-level controller role of the user in the row's workspace (personal scope: own rows only). */
const isOrgController = sql<boolean>`exists (
  select 1 from ${memberships} m
  where m.workspace_id = ${workspaceUsers.workspaceId} and m.folder_id = ${workspaceUsers.workspaceId}
    and m.user_id = ${workspaceUsers.userId} and m.role = 'controller')`;

/**
 * The workspaces a person belongs to (or the one named), by name, with their accounts. Runs in
 * their personal scope, or in the named workspace's.
 */
export async function accessibleWorkspaces(tx: Tx, userId: string, onlyWorkspaceId?: string) {
  return tx
    .select({ ...workspaceColumns, userType: workspaceUsers.userType, isOrgController })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.workspaceId, workspaceUsers.workspaceId))
    .innerJoin(accounts, eq(accounts.accountId, workspaces.accountId))
    .where(
      and(
        eq(workspaceUsers.userId, userId),
        isNull(workspaceUsers.deactivatedAt),
        onlyWorkspaceId ? eq(workspaceUsers.workspaceId, onlyWorkspaceId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.workspaceId));
}

export async function membershipIn(tx: Tx, userId: string, workspaceId: string) {
  const [row] = await tx
    .select({ userType: workspaceUsers.userType, plan: accounts.planType, isOrgController })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.workspaceId, workspaceUsers.workspaceId))
    .innerJoin(accounts, eq(accounts.accountId, workspaces.accountId))
    .where(and(eq(workspaceUsers.userId, userId), eq(workspaceUsers.workspaceId, workspaceId)));
  return row;
}

/** Case-insensitive substring on the name; super users only (their scope sees every workspace). */
export async function searchWorkspaces(tx: Tx, q: string, limit: number) {
  return tx
    .select(workspaceColumns)
    .from(workspaces)
    .innerJoin(accounts, eq(accounts.accountId, workspaces.accountId))
    .where(sql`position(lower(${q}) in lower(${workspaces.name})) > 0`)
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.workspaceId))
    .limit(limit);
}

/**
 * A new workspace of an existing account, with its company folder and its creator as contributor
 * and company controller.
 */
export async function insertWorkspace(
  tx: Tx,
  w: { workspaceId: string; accountId: string; name: string; region: string; timeZone: string; creatorId: string },
): Promise<void> {
  await tx.insert(workspaces).values({
    workspaceId: w.workspaceId,
    accountId: w.accountId,
    name: w.name,
    region: w.region,
    timeZone: w.timeZone,
  });
  await tx
    .insert(folders)
    .values({ workspaceId: w.workspaceId, folderId: w.workspaceId, kind: 'company', name: w.name });
  await tx.insert(workspaceUsers).values({ workspaceId: w.workspaceId, userId: w.creatorId, userType: 'contributor' });
  await tx
    .insert(memberships)
    .values({ workspaceId: w.workspaceId, folderId: w.workspaceId, userId: w.creatorId, role: 'controller' });
}

/** The settings an update may change (updateWorkspaceSchema), as stored. */
export type WorkspaceSettingsRow = {
  name: string;
  timeZone: string;
  locale: string;
  logoFileId: string | null;
  brandColour: string | null;
  pdfLogoFileId: string | null;
  documentSettings: unknown;
  visitorsAllowed: boolean;
  jointVenture: unknown;
};

/** The workspace's settings, locked for an update in this transaction. */
export async function settingsForUpdate(tx: Tx, workspaceId: string): Promise<WorkspaceSettingsRow | undefined> {
  const [row] = await tx
    .select({
      name: workspaces.name,
      timeZone: workspaces.timeZone,
      locale: workspaces.locale,
      logoFileId: workspaces.logoFileId,
      brandColour: workspaces.brandColour,
      pdfLogoFileId: workspaces.pdfLogoFileId,
      documentSettings: workspaces.documentSettings,
      visitorsAllowed: workspaces.visitorsAllowed,
      jointVenture: workspaces.jointVenture,
    })
    .from(workspaces)
    .where(eq(workspaces.workspaceId, workspaceId))
    .for('update');
  return row;
}

/** Writes the changed settings; a new name is the company folder's name too (one name, spec 3). */
export async function updateSettings(tx: Tx, workspaceId: string, changes: Partial<WorkspaceSettingsRow>) {
  await tx
    .update(workspaces)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(workspaces.workspaceId, workspaceId));
  if (changes.name !== undefined) {
    await tx
      .update(folders)
      .set({ name: changes.name })
      .where(and(eq(folders.workspaceId, workspaceId), eq(folders.folderId, workspaceId)));
  }
}

/** The logo files of the workspace (General, Branding) and its document settings as stored. */
export async function documentsAndLogos(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({
      logoFileId: workspaces.logoFileId,
      pdfLogoFileId: workspaces.pdfLogoFileId,
      documentSettings: workspaces.documentSettings,
      brandColour: workspaces.brandColour,
    })
    .from(workspaces)
    .where(eq(workspaces.workspaceId, workspaceId));
  return row;
}

export async function featureToggles(tx: Tx, workspaceId: string): Promise<unknown> {
  const [row] = await tx
    .select({ featureToggles: workspaces.featureToggles })
    .from(workspaces)
    .where(eq(workspaces.workspaceId, workspaceId));
  return row?.featureToggles;
}

/** Turns the named feature toggles on or off, keeping the others. */
export async function setFeatureToggles(tx: Tx, workspaceId: string, toggles: Record<string, boolean>) {
  const rows = await tx
    .update(workspaces)
    .set({
      featureToggles: sql`${workspaces.featureToggles} || ${JSON.stringify(toggles)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(workspaces.workspaceId, workspaceId))
    .returning({ workspaceId: workspaces.workspaceId });
  return rows.length > 0;
}

/** One workspace with its account (in that workspace's scope). */
export async function workspaceById(tx: Tx, workspaceId: string) {
  return tx
    .select(workspaceColumns)
    .from(workspaces)
    .innerJoin(accounts, eq(accounts.accountId, workspaces.accountId))
    .where(eq(workspaces.workspaceId, workspaceId));
}

/** Whether anyone but `exceptUserId` has an account on the e-mail domain (case-insensitive). */
export async function domainHasUsers(tx: Tx, domain: string, exceptUserId: string | null): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    select exists (
      select 1 from users
      where lower(split_part(email, '@', 2)) = lower(${domain})
        ${exceptUserId ? sql`and user_id <> ${exceptUserId}` : sql``}
    ) as found`);
  return result.rows[0]?.found === true;
}
