import { randomUUID } from 'node:crypto';
import type { Plan } from '@formwork/shared/permissions';
import { type TemplateDefinitionInput, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import type { Config } from '../src/config.ts';
import type { AppDb } from '../src/db/client.ts';
import {
  accounts,
  folders,
  memberships,
  templateDeployments,
  templates,
  templateVersions,
  users,
  workspaces,
  workspaceUsers,
} from '../src/db/schema.ts';
import { inScope, systemScope } from '../src/db/tenant.ts';
import { applyRegisterOrder } from '../src/modules/forms/register-order.service.ts';
import { accessTokenFor, bearer } from './auth.ts';

export type UserOverrides = Partial<typeof users.$inferInsert>;

/** A person in the global directory, with a unique e-mail unless one is given. */
export async function createUser(db: AppDb, overrides: UserOverrides = {}) {
  const [row] = await inScope(db, systemScope, (tx) =>
    tx
      .insert(users)
      .values({ email: `user-${randomUUID()}@example.com`, firstName: 'Test', lastName: 'User', ...overrides })
      .returning(),
  );
  if (!row) throw new Error('user not created');
  return row;
}

export type Persona = {
  userId: string;
  email: string;
  /** A signed access token for this user (cached). */
  token(): Promise<string>;
  /** `{ authorization: 'Bearer ...' }` for inject(). */
  headers(): Promise<{ authorization: string }>;
};

export type PersonaName =
  | 'admin'
  | 'orgController'
  | 'orgMember'
  | 'projectController'
  | 'projectMember'
  | 'teamController'
  | 'teamMember'
  | 'visitor'
  | 'outsider';

export type TestWorkspace = {
  workspaceId: string;
  companyId: string;
  /** The workspace's account (0010): managed and active on the workspace's plan unless told otherwise. */
  accountId: string;
  name: string;
  projects: { projectId: string; name: string; teams: { teamId: string; name: string }[] }[];
  personas: Record<PersonaName, Persona>;
  /** Another workspace of the same shape, where only the outsider belongs (org controller). */
  other: { workspaceId: string; projects: TestWorkspace['projects'] };
};

type TokenSource = { database: { db: AppDb }; config: Config };

function persona(source: TokenSource, user: { userId: string; email: string }): Persona {
  let cached: Promise<string> | undefined;
  const token = () => {
    cached ??= accessTokenFor(source.database.db, source.config, user.userId);
    return cached;
  };
  return { userId: user.userId, email: user.email, token, headers: async () => bearer(await token()) };
}

export type AccountOptions = {
  /** The plan of a new account (premium by default). */
  plan?: Plan;
  /** Anything else of a new account (type, status, trial end, name). */
  account?: Partial<typeof accounts.$inferInsert>;
  /** Put the workspace in this existing account instead of a new one. */
  accountId?: string;
};

/**
 * Inserts a workspace with its company folder, projects and teams, in a new account of its own
 * (or the given one); returns the ids.
 */
export async function insertWorkspaceTree(
  db: AppDb,
  options: { name?: string; projects?: number; teamsPerProject?: number } & AccountOptions = {},
) {
  const workspaceId = randomUUID();
  const accountId = options.accountId ?? randomUUID();
  const name = options.name ?? `Workspace ${workspaceId.slice(0, 8)}`;
  const projects: TestWorkspace['projects'] = [];
  await inScope(db, { workspaceId, userId: null, isAdmin: false }, async (tx) => {
    if (!options.accountId) {
      const plan = options.plan ?? 'premium';
      const trial = plan === 'free_trial';
      await tx.insert(accounts).values({
        accountId,
        name,
        accountType: trial ? 'self_service' : 'managed',
        planType: plan,
        subscriptionStatus: trial ? 'free_trial' : 'active',
        trialEndDate: trial ? new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) : null,
        ...options.account,
      });
    }
    await tx.insert(workspaces).values({ workspaceId, accountId, name, region: 'local' });
    await tx.insert(folders).values({ workspaceId, folderId: workspaceId, kind: 'company', name });
    for (let p = 0; p < (options.projects ?? 2); p++) {
      const projectId = randomUUID();
      const project = { projectId, name: `Project ${p + 1}`, teams: [] as { teamId: string; name: string }[] };
      await tx
        .insert(folders)
        .values({ workspaceId, folderId: projectId, kind: 'project', parentId: workspaceId, name: project.name });
      for (let t = 0; t < (options.teamsPerProject ?? 2); t++) {
        const team = { teamId: randomUUID(), name: `Team ${p + 1}.${t + 1}` };
        await tx
          .insert(folders)
          .values({ workspaceId, folderId: team.teamId, kind: 'team', parentId: projectId, name: team.name });
        project.teams.push(team);
      }
      projects.push(project);
    }
  });
  return { workspaceId, accountId, name, projects };
}

/** Adds the user to the workspace (as contributor or visitor) with a role at a folder, if given. */
export async function addMember(
  db: AppDb,
  workspaceId: string,
  userId: string,
  options: { userType?: 'contributor' | 'visitor'; folderId?: string; role?: 'controller' | 'member' } = {},
) {
  await inScope(db, { workspaceId, userId: null, isAdmin: false }, async (tx) => {
    await tx
      .insert(workspaceUsers)
      .values({ workspaceId, userId, userType: options.userType ?? 'contributor' })
      .onConflictDoNothing();
    if (options.folderId) {
      await tx
        .insert(memberships)
        .values({ workspaceId, userId, folderId: options.folderId, role: options.role ?? 'member' });
    }
  });
}

/**
 * A workspace of `projects` projects with `teamsPerProject` teams each and one persona per role:
 * project roles on the first project, team roles (and the visitor) on its first team; the outsider
 * is org controller of another workspace of the same shape.
 */
export async function createWorkspace(
  source: TokenSource,
  options: { projects?: number; teamsPerProject?: number } & AccountOptions = {},
): Promise<TestWorkspace> {
  const { db } = source.database;
  const tree = await insertWorkspaceTree(db, options);
  const other = await insertWorkspaceTree(db, { projects: options.projects, teamsPerProject: options.teamsPerProject });
  const firstProject = tree.projects[0]?.projectId;
  const firstTeam = tree.projects[0]?.teams[0]?.teamId;
  const at = {
    admin: undefined,
    orgController: { folderId: tree.workspaceId, role: 'controller' },
    orgMember: { folderId: tree.workspaceId, role: 'member' },
    projectController: { folderId: firstProject, role: 'controller' },
    projectMember: { folderId: firstProject, role: 'member' },
    teamController: { folderId: firstTeam, role: 'controller' },
    teamMember: { folderId: firstTeam, role: 'member' },
    visitor: { folderId: firstTeam, role: 'member' },
    outsider: undefined,
  } as const;
  const personas = {} as Record<PersonaName, Persona>;
  for (const [name, where] of Object.entries(at) as [
    PersonaName,
    { folderId?: string; role: 'controller' | 'member' } | undefined,
  ][]) {
    const user = await createUser(db, { firstName: name, lastName: 'Persona', isAdmin: name === 'admin' });
    if (where) {
      await addMember(db, tree.workspaceId, user.userId, {
        userType: name === 'visitor' ? 'visitor' : 'contributor',
        folderId: where.folderId,
        role: where.role,
      });
    }
    if (name === 'outsider') {
      await addMember(db, other.workspaceId, user.userId, { folderId: other.workspaceId, role: 'controller' });
    }
    personas[name] = persona(source, user);
  }
  return {
    ...tree,
    companyId: tree.workspaceId,
    personas,
    other: { workspaceId: other.workspaceId, projects: other.projects },
  };
}

type HasProjects = Pick<TestWorkspace, 'projects'>;

/** The id of a test workspace's project `p` (the first by default). */
export function projectIdOf(w: HasProjects, p = 0): string {
  const project = w.projects[p];
  if (!project) throw new Error(`the test workspace has no project ${p}`);
  return project.projectId;
}

/** The id of team `t` of project `p` (the first team of the first project by default). */
export function teamIdOf(w: HasProjects, p = 0, t = 0): string {
  const team = w.projects[p]?.teams[t];
  if (!team) throw new Error(`the test workspace has no team ${t} in project ${p}`);
  return team.teamId;
}

/** A persona for any user, e.g. one created with createUser(). */
export function personaFor(source: TokenSource, user: { userId: string; email: string }): Persona {
  return persona(source, user);
}

/** A valid template create body (spec 5.1) with a unique Template ID; override any part. */
export function templateBody(overrides: Record<string, unknown> = {}) {
  const code = `T-${randomUUID().slice(0, 8)}`;
  return {
    name: `Template ${code}`,
    templateCode: code,
    formName: 'Form',
    type: 'timeline',
    definition: {
      fields: [
        { id: 'date', type: 'date', label: 'Date', defaultToToday: true },
        { id: 'ok', type: 'yesNo', label: 'All good?' },
        { id: 'notes', type: 'multiLineText', label: 'Notes' },
      ],
    },
    ...overrides,
  };
}

/**
 * A template with its first version, straight in the database (forms tests): in `folderId` (a team,
 * or the company for a library template deployed to `deployTo` teams). The definition is parsed
 * with the shared schema, so defaults apply as the templates API would store them.
 */
export async function createFormTemplate(
  db: AppDb,
  workspaceId: string,
  options: {
    folderId: string;
    type?: 'timeline' | 'workflow' | 'register';
    definition: TemplateDefinitionInput;
    name?: string;
    formName?: string;
    deployTo?: string[];
    state?: 'active' | 'archived';
  },
) {
  const templateId = randomUUID();
  const name = options.name ?? `Template ${templateId.slice(0, 8)}`;
  const definition = templateDefinitionSchema.parse(options.definition);
  await inScope(db, { workspaceId, userId: null, isAdmin: false }, async (tx) => {
    await tx.insert(templates).values({
      workspaceId,
      templateId,
      folderId: options.folderId,
      name,
      templateCode: `T-${templateId.slice(0, 8)}`,
      formName: options.formName ?? 'Form',
      type: options.type ?? 'register',
      state: options.state ?? 'active',
    });
    await tx.insert(templateVersions).values({
      workspaceId,
      templateId,
      version: 1,
      name,
      templateCode: `T-${templateId.slice(0, 8)}`,
      formName: options.formName ?? 'Form',
      definition,
    });
    // As every template save does: its register order keyed (at once: it has no forms yet).
    await applyRegisterOrder(tx, { workspaceId, templateId, folderId: options.folderId, definition }, randomUUID());
    for (const teamId of options.deployTo ?? []) {
      await tx.insert(templateDeployments).values({ workspaceId, templateId, teamId });
    }
  });
  return { templateId, name, definition };
}
