import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accounts, auditEvents, folders, memberships, users, workspaces, workspaceUsers } from '../db/schema.ts';
import { inScope } from '../db/tenant.ts';
import { openTrialAccount, scheduleTrialEnd } from '../modules/accounts/accounts.service.ts';
import { hashPassword } from '../modules/identity/password.ts';
import { writeInvitations } from '../modules/people/invitations.service.ts';
import { writeNewWorkspace } from '../modules/workspaces/workspaces.service.ts';
import { seedDemoActions } from './demo-actions.ts';
import { seedDemoDashboards } from './demo-dashboards.ts';
import { seedDemoForms } from './demo-forms.ts';
import { seedDemoGallery } from './demo-gallery.ts';
import { seedDemoLists } from './demo-lists.ts';
import { seedDemoTemplates } from './demo-templates.ts';

export type DemoUser = { email: string; label: string };

type Role = 'controller' | 'member';
type Persona = {
  email: string;
  firstName: string;
  lastName: string;
  label: string;
  isAdmin?: boolean;
  isVisitorOnly?: boolean;
  userType: 'contributor' | 'visitor';
  /** Where the role is held: the company, project `project`, or team `team` of that project. */
  at?: { level: 'company' | 'project' | 'team'; role: Role; project?: number; team?: number };
};

const domain = 'acme.example';
const personas: Persona[] = [
  {
    email: `admin@${domain}`,
    firstName: 'Alex',
    lastName: 'Admin',
    label: 'Admin (super user)',
    isAdmin: true,
    userType: 'contributor',
  },
  {
    email: `org.controller@${domain}`,
    firstName: 'Olivia',
    lastName: 'Controller',
    label: 'Org Controller',
    userType: 'contributor',
    at: { level: 'company', role: 'controller' },
  },
  {
    email: `org.member@${domain}`,
    firstName: 'Oscar',
    lastName: 'Member',
    label: 'Org Member',
    userType: 'contributor',
    at: { level: 'company', role: 'member' },
  },
  {
    email: `project.controller@${domain}`,
    firstName: 'Priya',
    lastName: 'Controller',
    label: 'Project Controller (Harbour Bridge Upgrade)',
    userType: 'contributor',
    at: { level: 'project', role: 'controller', project: 0 },
  },
  {
    email: `project.member@${domain}`,
    firstName: 'Paul',
    lastName: 'Member',
    label: 'Project Member (Northside Hospital)',
    userType: 'contributor',
    at: { level: 'project', role: 'member', project: 1 },
  },
  {
    email: `team.controller@${domain}`,
    firstName: 'Tara',
    lastName: 'Controller',
    label: 'Team Controller (Riverside Apartments / Civil Works)',
    userType: 'contributor',
    at: { level: 'team', role: 'controller', project: 2, team: 0 },
  },
  {
    email: `team.member@${domain}`,
    firstName: 'Tom',
    lastName: 'Member',
    label: 'Team Member (Riverside Apartments / Electrical)',
    userType: 'contributor',
    at: { level: 'team', role: 'member', project: 2, team: 1 },
  },
  {
    email: `visitor@${domain}`,
    firstName: 'Vera',
    lastName: 'Visitor',
    label:
      'Visitor (external, member of Riverside Apartments / Site Safety); org controller of Bright Sparks (free trial) and Old Mill Joinery (expired trial)',
    userType: 'visitor',
    at: { level: 'team', role: 'member', project: 2, team: 2 },
  },
  {
    email: `site.manager@${domain}`,
    firstName: 'Sam',
    lastName: 'Manager',
    label: 'Project Controller (Northside Hospital)',
    userType: 'contributor',
    at: { level: 'project', role: 'controller', project: 1 },
  },
  {
    email: `crew.lead@${domain}`,
    firstName: 'Carla',
    lastName: 'Lead',
    label: 'Team Controller (Harbour Bridge Upgrade / Site Safety)',
    userType: 'contributor',
    at: { level: 'team', role: 'controller', project: 0, team: 2 },
  },
  {
    email: `apprentice@${domain}`,
    firstName: 'Andy',
    lastName: 'Apprentice',
    label: 'Team Member (Harbour Bridge Upgrade / Civil Works)',
    userType: 'contributor',
    at: { level: 'team', role: 'member', project: 0, team: 0 },
  },
  {
    email: 'visitor.only@subcontractor.example',
    firstName: 'Victor',
    lastName: 'Only',
    label: 'Visitor-only user (external, member of Northside Hospital / Civil Works)',
    isVisitorOnly: true,
    userType: 'visitor',
    at: { level: 'team', role: 'member', project: 1, team: 0 },
  },
];

function createdEvent(
  workspaceId: string,
  actorUserId: string,
  kind: 'project' | 'team',
  folderPath: string[],
  name: string,
): typeof auditEvents.$inferInsert {
  return {
    workspaceId,
    actorUserId,
    folderPath,
    action: 'folder.created',
    subjectType: kind,
    subjectId: folderPath[folderPath.length - 1] as string,
    details: { name },
  };
}

/**
 * Acme is a managed customer on a paid plan; Bright Sparks, the visitor's own electrical
 * subcontractor, is trying the product on a self-service free trial (spec 1, 2.3: the two help
 * menus).
 */
const acmeAccount = {
  name: 'Acme Group',
  accountType: 'managed',
  planType: 'premium',
  subscriptionStatus: 'active',
  trialEndDate: null,
} as const;
const trialWorkspaceName = 'Bright Sparks Electrical';
/** People of the trial workspace who belong to it alone (issue 16.5). */
const trialPeople = [
  {
    email: 'ellie@brightsparks.example',
    firstName: 'Ellie',
    lastName: 'Sparks',
    role: 'controller',
    label: 'Org Controller of Bright Sparks Electrical only (free trial)',
  },
  {
    email: 'ben@brightsparks.example',
    firstName: 'Ben',
    lastName: 'Wiring',
    role: 'member',
    label: 'Org Member of Bright Sparks Electrical only (free trial)',
  },
] as const;

/** Pending invitations of the demo organisation (issue 16.5), made by the org controller. */
const demoInvitations = [
  { email: `new.starter@${domain}`, project: 0, team: 1, role: 'member', userType: 'contributor' },
  { email: `estimator@${domain}`, project: 1, team: null, role: 'member', userType: 'contributor' },
  { email: 'inspector@certifier.example', project: 2, team: 2, role: 'member', userType: 'visitor' },
] as const;
/** The visitor's earlier trial, which ended without a subscription (the expired-trial modal). */
const expiredTrialWorkspaceName = 'Old Mill Joinery';
/** The demo company builds in Sydney: its PDFs and exports show Sydney time. */
const demoTimeZone = 'Australia/Sydney';

const projectNames = ['Harbour Bridge Upgrade', 'Northside Hospital', 'Riverside Apartments'];
const teamNames = ['Civil Works', 'Electrical', 'Site Safety'];

/**
 * On an empty database outside production: the "Acme Construction" organisation with 3 project
 * folders of 3 teams each and one user per role of spec section 6. Does nothing otherwise (main.ts
 * calls it on every start; the production guard is here, where a test holds it). Answers the demo
 * users, or undefined when nothing was seeded.
 */
export async function seedDemo(database: Database, config: Config): Promise<{ users: DemoUser[] } | undefined> {
  if (config.env === 'production') return undefined;
  const existing = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  if ((existing.rows[0]?.n ?? 0) > 0) return undefined;

  const passwordHash = await hashPassword(config.demoPassword);
  const workspaceId = randomUUID();
  await inScope(database.db, { workspaceId, userId: null, isAdmin: true }, async (tx) => {
    const userIds = new Map<string, string>();
    for (const p of personas) {
      const [row] = await tx
        .insert(users)
        .values({
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          passwordHash,
          isAdmin: p.isAdmin ?? false,
          isVisitorOnly: p.isVisitorOnly ?? false,
        })
        .returning({ userId: users.userId });
      userIds.set(p.email, row?.userId as string);
    }

    const accountId = randomUUID();
    await tx.insert(accounts).values({ accountId, ...acmeAccount });
    await tx.insert(workspaces).values({
      workspaceId,
      accountId,
      name: 'Acme Construction',
      region: config.region,
      timeZone: demoTimeZone,
    });
    await tx.insert(folders).values({ workspaceId, folderId: workspaceId, kind: 'company', name: 'Acme Construction' });
    const projectIds: string[] = [];
    const teamIds: string[][] = [];
    const created: (typeof auditEvents.$inferInsert)[] = [];
    const orgController = userIds.get(`org.controller@${domain}`) as string;
    for (const projectName of projectNames) {
      const projectId = randomUUID();
      projectIds.push(projectId);
      const teams: string[] = [];
      teamIds.push(teams);
      await tx
        .insert(folders)
        .values({ workspaceId, folderId: projectId, kind: 'project', parentId: workspaceId, name: projectName });
      created.push(createdEvent(workspaceId, orgController, 'project', [workspaceId, projectId], projectName));
      for (const teamName of teamNames) {
        const teamId = randomUUID();
        teams.push(teamId);
        await tx
          .insert(folders)
          .values({ workspaceId, folderId: teamId, kind: 'team', parentId: projectId, name: teamName });
        created.push(createdEvent(workspaceId, orgController, 'team', [workspaceId, projectId, teamId], teamName));
      }
    }

    // Each role sits somewhere else, so each persona sees a different tree.
    for (const p of personas) {
      const userId = userIds.get(p.email) as string;
      await tx.insert(workspaceUsers).values({ workspaceId, userId, userType: p.userType });
      if (!p.at) continue;
      const folderId =
        p.at.level === 'company'
          ? workspaceId
          : p.at.level === 'project'
            ? projectIds[p.at.project ?? 0]
            : teamIds[p.at.project ?? 0]?.[p.at.team ?? 0];
      await tx.insert(memberships).values({ workspaceId, userId, folderId: folderId as string, role: p.at.role });
    }
    // The org controller set it up: the activity names them, not 'Someone'.
    await tx.insert(auditEvents).values({
      workspaceId,
      actorUserId: orgController,
      folderPath: [workspaceId],
      action: 'workspace.seeded',
      subjectType: 'workspace',
      subjectId: workspaceId,
      details: { name: 'Acme Construction' },
    });
    await tx.insert(auditEvents).values(created);
    // Pending invites, made as the Users page makes them (their e-mails wait in the outbox).
    await writeInvitations(
      tx,
      { db: database.db, publicUrl: config.publicUrl },
      {
        user: { userId: orgController, email: `org.controller@${domain}`, firstName: 'Olivia', lastName: 'Controller' },
        workspace: { workspaceId, name: 'Acme Construction' },
      },
      demoInvitations.map((i) => {
        const projectId = projectIds[i.project] as string;
        const teamId = i.team === null ? null : (teamIds[i.project]?.[i.team] as string);
        return {
          email: i.email,
          folderId: teamId ?? projectId,
          folderPath: teamId ? [workspaceId, projectId, teamId] : [workspaceId, projectId],
          role: i.role,
          userType: i.userType,
        };
      }),
    );
    const demoLists = await seedDemoLists(tx, {
      workspaceId,
      actorUserId: orgController,
      // The teams' forms in Riverside Apartments read the copied items; Northside Hospital fills its own.
      populatedProjectId: projectIds[2] as string,
      emptyProjectId: projectIds[1] as string,
    });
    await seedDemoTemplates(tx, { workspaceId, actorUserId: orgController, teamIds, lists: demoLists });
    await seedDemoForms(tx, {
      workspaceId,
      teamIds,
      userId: userIds.get(`team.controller@${domain}`) as string,
      dataDir: config.dataDir,
    });
    await seedDemoGallery(tx, {
      workspaceId,
      projectId: projectIds[2] as string,
      teamId: teamIds[2]?.[0] as string,
      uploaderIds: [userIds.get(`team.controller@${domain}`) as string, orgController],
      dataDir: config.dataDir,
      timeZone: demoTimeZone,
    });
    await seedDemoDashboards(tx, {
      workspaceId,
      projectId: projectIds[2] as string,
      teamId: teamIds[2]?.[0] as string,
      userId: userIds.get(`team.controller@${domain}`) as string,
      orgControllerId: orgController,
    });
    await seedDemoActions(tx, {
      workspaceId,
      projectId: projectIds[2] as string,
      teamId: teamIds[2]?.[1] as string,
      assigneeId: userIds.get(`team.member@${domain}`) as string,
      creatorId: userIds.get(`team.controller@${domain}`) as string,
    });
  });
  await seedTrialWorkspace(database, config, `visitor@${domain}`, trialWorkspaceName, new Date(), {
    people: trialPeople,
    passwordHash,
  });
  // Spec 4.4: a trial that started 40 days ago has ended; its job marks it expired at start-up.
  await seedTrialWorkspace(
    database,
    config,
    `visitor@${domain}`,
    expiredTrialWorkspaceName,
    new Date(Date.now() - 40 * 864e5),
  );
  return {
    users: [...personas, ...trialPeople].map((p) => ({ email: p.email, label: p.label })),
  };
}

/** A second workspace, just created on a self-service free trial: the person is its org controller. */
async function seedTrialWorkspace(
  database: Database,
  config: Config,
  ownerEmail: string,
  name: string,
  startedAt: Date,
  members: { people: readonly (typeof trialPeople)[number][]; passwordHash: string } = { people: [], passwordHash: '' },
) {
  const workspaceId = randomUUID();
  const accountId = randomUUID();
  await inScope(database.db, { workspaceId, userId: null, isAdmin: true }, async (tx) => {
    const [owner] = await tx
      .select({ userId: users.userId })
      .from(users)
      .where(sql`lower(${users.email}) = ${ownerEmail}`);
    if (!owner) throw new Error(`no demo user ${ownerEmail}`);
    // As the app makes a workspace: its own trial account, company folder, and owner as controller.
    const account = await openTrialAccount(tx, { accountId, name, now: startedAt });
    await writeNewWorkspace(tx, {
      workspaceId,
      accountId,
      name,
      region: config.region,
      timeZone: demoTimeZone,
      creatorId: owner.userId,
    });
    await scheduleTrialEnd(tx, { workspaceId, accountId, trialEndDate: account.trialEndDate });
    // People of this workspace alone: contributors at the company folder.
    for (const p of members.people) {
      const [row] = await tx
        .insert(users)
        .values({ email: p.email, firstName: p.firstName, lastName: p.lastName, passwordHash: members.passwordHash })
        .returning({ userId: users.userId });
      const userId = row?.userId as string;
      await tx.insert(workspaceUsers).values({ workspaceId, userId, userType: 'contributor' });
      await tx.insert(memberships).values({ workspaceId, userId, folderId: workspaceId, role: p.role });
    }
    // The owner set it up: the activity names them, not 'Someone'.
    await tx.insert(auditEvents).values({
      workspaceId,
      actorUserId: owner.userId,
      folderPath: [workspaceId],
      action: 'workspace.seeded',
      subjectType: 'workspace',
      subjectId: workspaceId,
      details: { name },
    });
  });
}
