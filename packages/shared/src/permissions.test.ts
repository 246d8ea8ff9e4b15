import { describe, expect, it } from 'vitest';
import {
  type ActionItemAccess,
  actionItemAccess,
  can,
  canSeeInTree,
  canSwitchWorkspace,
  canUpgradeBySelfService,
  createWorkspaceAccess,
  denialMessage,
  type FolderRef,
  type FormItemAccess,
  firstAccessibleFolder,
  formItemAccess,
  isForcedToUpgrade,
  isFreeTrialAccount,
  landingAfterForbidden,
  landingAfterLink,
  type Membership,
  type Permission,
  type Role,
  type RoleGrant,
  restoreProjectDenied,
} from './permissions.ts';

// One company C with projects P1 (teams T1, T2) and P2 (team T3).
const company: FolderRef = { kind: 'company', path: ['C'] };
const p1: FolderRef = { kind: 'project', path: ['C', 'P1'] };
const p2: FolderRef = { kind: 'project', path: ['C', 'P2'] };
const t1: FolderRef = { kind: 'team', path: ['C', 'P1', 'T1'] };
const t2: FolderRef = { kind: 'team', path: ['C', 'P1', 'T2'] };
const t3: FolderRef = { kind: 'team', path: ['C', 'P2', 'T3'] };

function grant(folder: FolderRef, role: Role): RoleGrant {
  return { folderId: folder.path[folder.path.length - 1] as string, kind: folder.kind, path: folder.path, role };
}

function member(grants: RoleGrant[], extra: Partial<Membership> = {}): Membership {
  return { isAdmin: false, isVisitorOnly: false, userType: 'contributor', roles: grants, ...extra };
}

const personas = {
  admin: member([], { isAdmin: true, userType: null }),
  orgController: member([grant(company, 'controller')]),
  orgMember: member([grant(company, 'member')]),
  projectController: member([grant(p1, 'controller')]),
  projectMember: member([grant(p1, 'member')]),
  teamController: member([grant(t1, 'controller')]),
  teamMember: member([grant(t1, 'member')]),
  visitor: member([grant(t1, 'member')], { userType: 'visitor' }),
  nobody: member([]),
} satisfies Record<string, Membership>;
type Persona = keyof typeof personas;

type Row = [rule: string, persona: Persona, verb: Permission, folder: FolderRef, expected: boolean];

const rows: Row[] = [
  // Lists (issue 18, spec 6): the List Library is the org controllers'; project controllers create
  // project lists and the project's members edit their items.
  ['org member views the List Library', 'orgMember', 'list.view', company, true],
  ['team member does not view a project list', 'teamMember', 'list.view', p1, false],
  ['project member views the project lists', 'projectMember', 'list.view', p1, true],
  ['org controller manages the List Library', 'orgController', 'list.manage', company, true],
  ['org member does not manage the List Library', 'orgMember', 'list.manage', company, false],
  ['project controller does not manage the List Library', 'projectController', 'list.manage', company, false],
  ['project controller manages project lists', 'projectController', 'list.manage', p1, true],
  ["project controller does not manage another project's lists", 'projectController', 'list.manage', p2, false],
  ['project member does not manage project lists', 'projectMember', 'list.manage', p1, false],
  ['project member edits project list items', 'projectMember', 'list.editItems', p1, true],
  // Project alignment (issue 19.4): the project's controllers and above.
  ['alignment: project controller of that project', 'projectController', 'photo.manageAlignment', p1, true],
  ['alignment: not another project', 'projectController', 'photo.manageAlignment', p2, false],
  ['alignment: org controller', 'orgController', 'photo.manageAlignment', p2, true],
  ['alignment: not a project member', 'projectMember', 'photo.manageAlignment', p1, false],
  ['alignment: not at a team', 'projectController', 'photo.manageAlignment', t1, false],
  ['org member does not edit List Library items', 'orgMember', 'list.editItems', company, false],
  ['no list verb applies to a team', 'orgController', 'list.view', t1, false],
  // Viewing: a role applies to its folder and everything below it.
  ['admin views any folder', 'admin', 'folder.view', t3, true],
  // Uploads: anyone with a role at or above the folder (members upload photos, spec 6).
  ['team member uploads into their team', 'teamMember', 'file.upload', t1, true],
  ['visitor uploads into their team', 'visitor', 'file.upload', t1, true],
  ['team member cannot upload into another team', 'teamMember', 'file.upload', t2, false],
  ['org member uploads anywhere in the company', 'orgMember', 'file.upload', t3, true],
  ['a user without roles cannot upload', 'nobody', 'file.upload', company, false],
  ['org member views every project', 'orgMember', 'folder.view', p2, true],
  ['org member views every team', 'orgMember', 'folder.view', t3, true],
  ['project member views their project', 'projectMember', 'folder.view', p1, true],
  ['project member views their teams', 'projectMember', 'folder.view', t2, true],
  ['project member does not view another project', 'projectMember', 'folder.view', p2, false],
  ['project member does not view the company', 'projectMember', 'folder.view', company, false],
  ['team member views their team', 'teamMember', 'folder.view', t1, true],
  ['team member does not view a sibling team', 'teamMember', 'folder.view', t2, false],
  ['team member does not view their project', 'teamMember', 'folder.view', p1, false],
  ['no role views nothing', 'nobody', 'folder.view', company, false],

  // Settings link (spec 2.3, 6).
  ['settings of a team: team controller', 'teamController', 'settings.view', t1, true],
  ['settings of a team: not a team member', 'teamMember', 'settings.view', t1, false],
  ['settings of a team: project member', 'projectMember', 'settings.view', t1, true],
  ['settings of a team: org member', 'orgMember', 'settings.view', t3, true],
  ['settings of a project: project member', 'projectMember', 'settings.view', p1, true],
  ['settings of a project: not a team controller', 'teamController', 'settings.view', p1, false],
  ['settings of a project: org member', 'orgMember', 'settings.view', p2, true],
  ['settings of the company: org member', 'orgMember', 'settings.view', company, true],
  ['settings of the company: not a project controller', 'projectController', 'settings.view', company, false],
  ['settings anywhere: admin', 'admin', 'settings.view', company, true],

  // Higher-project permission: adding projects (spec 6).
  ['add project: admin', 'admin', 'folder.addProject', company, true],
  ['add project: org controller', 'orgController', 'folder.addProject', company, true],
  ['add project: not an org member', 'orgMember', 'folder.addProject', company, false],
  ['add project: not a project controller', 'projectController', 'folder.addProject', company, false],

  // Adding teams: project controller or above.
  ['add team: project controller of that project', 'projectController', 'folder.addTeam', p1, true],
  ['add team: not a project controller of another project', 'projectController', 'folder.addTeam', p2, false],
  ['add team: org controller anywhere', 'orgController', 'folder.addTeam', p2, true],
  ['add team: not a project member', 'projectMember', 'folder.addTeam', p1, false],
  ['add team: not a team controller', 'teamController', 'folder.addTeam', p1, false],

  // Rename.
  ['rename project: project controller', 'projectController', 'folder.rename', p1, true],
  ['rename project: org controller', 'orgController', 'folder.rename', p2, true],
  ['rename project: not an org member', 'orgMember', 'folder.rename', p1, false],
  ['rename team: project controller', 'projectController', 'folder.rename', t2, true],
  ['rename team: not a team controller', 'teamController', 'folder.rename', t1, false],
  ['rename team: not a visitor', 'visitor', 'folder.rename', t1, false],

  // Archive and delete.
  ['archive project: project controller', 'projectController', 'folder.archive', p1, true],
  ['archive project: not another project', 'projectController', 'folder.archive', p2, false],
  ['archive team: project controller', 'projectController', 'folder.archive', t1, true],
  ['archive team: org controller', 'orgController', 'folder.archive', t3, true],
  ['archive team: not a team member', 'teamMember', 'folder.archive', t1, false],
  ['delete project: org controller', 'orgController', 'folder.delete', p2, true],
  ['delete project: not a project member', 'projectMember', 'folder.delete', p1, false],
  ['delete project: not its project controller', 'projectController', 'folder.delete', p1, false],
  ['delete project: admin', 'admin', 'folder.delete', p1, true],
  ['delete team: project controller', 'projectController', 'folder.delete', t2, true],

  // Restore: project folders need an org controller (spec 6).
  ['restore project: org controller', 'orgController', 'folder.restore', p1, true],
  ['restore project: admin', 'admin', 'folder.restore', p1, true],
  ['restore project: not its project controller', 'projectController', 'folder.restore', p1, false],
  ['restore team: project controller', 'projectController', 'folder.restore', t1, true],
  ['restore team: not a team controller', 'teamController', 'folder.restore', t1, false],

  // Changing state inside a container (route level).
  ['change state in company: org controller', 'orgController', 'folder.changeState', company, true],
  ['change state in company: a project controller', 'projectController', 'folder.changeState', company, true],
  ['change state in company: not an org member', 'orgMember', 'folder.changeState', company, false],
  ['change state in project: its controller', 'projectController', 'folder.changeState', p1, true],
  ['change state in project: not another', 'projectController', 'folder.changeState', p2, false],

  // Workspaces.
  ['search workspaces: admin', 'admin', 'workspace.search', company, true],
  ['search workspaces: not an org controller', 'orgController', 'workspace.search', company, false],

  // Tabs and templates (spec 6).
  ['tabs: org controller', 'orgController', 'tabs.edit', company, true],
  ['tabs: not an org member', 'orgMember', 'tabs.edit', company, false],
  ['edit template: team controller', 'teamController', 'template.edit', t1, true],
  ['edit template: not a team member', 'teamMember', 'template.edit', t1, false],
  ['edit template: project controller in their teams', 'projectController', 'template.edit', t2, true],
  ['archive template at company level: org controller', 'orgController', 'template.archive', company, true],
  [
    'archive template at company level: not a project controller',
    'projectController',
    'template.archive',
    company,
    false,
  ],
  ['archive template at team level: team controller', 'teamController', 'template.archive', t1, true],
  ['deploy: org controller', 'orgController', 'template.deploy', t1, true],
  ['deploy: not a team controller', 'teamController', 'template.deploy', t1, false],
  ['tabs: not a team controller', 'teamController', 'tabs.edit', company, false],
  ['tabs: admin', 'admin', 'tabs.edit', company, true],
  ['edit template at company level: org controller', 'orgController', 'template.edit', company, true],
  ['edit template at company level: not a project controller', 'projectController', 'template.edit', company, false],
  ['edit template: not a team controller of another team', 'teamController', 'template.edit', t2, false],
  ['archive template at team level: not a team member', 'teamMember', 'template.archive', t1, false],
  ['delete template at company level: org controller', 'orgController', 'template.delete', company, true],
  ['delete template at company level: not a team controller', 'teamController', 'template.delete', company, false],
  ['delete template at team level: team controller', 'teamController', 'template.delete', t1, true],
  ['delete template at team level: not a team member', 'teamMember', 'template.delete', t1, false],
  ['deploy from the company: org controller', 'orgController', 'template.deploy', company, true],
  ['deploy: not a project controller', 'projectController', 'template.deploy', t1, false],

  // Forms (spec 6): members and above create and view forms; no role, no forms.
  ['forms: team member creates in their team', 'teamMember', 'form.create', t1, true],
  ['forms: team member does not create in a sibling team', 'teamMember', 'form.create', t2, false],
  ['forms: org member creates anywhere', 'orgMember', 'form.create', t3, true],
  ['forms: project member creates in their teams', 'projectMember', 'form.create', t2, true],
  ['forms: visitor creates in their team', 'visitor', 'form.create', t1, true],
  ['forms: no role creates nothing', 'nobody', 'form.create', t1, false],
  ['forms: only in teams', 'orgController', 'form.create', p1, false],
  ['forms: team member views their forms', 'teamMember', 'form.view', t1, true],
  ['forms: no role views nothing', 'nobody', 'form.view', t1, false],
  ['forms: team member edits', 'teamMember', 'form.edit', t1, true],
  ['forms: team member archives (their own, per item)', 'teamMember', 'form.archive', t1, true],
  ['forms: visitor cannot archive', 'visitor', 'form.archive', t1, false],
  ['forms: visitor cannot restore', 'visitor', 'form.restore', t1, false],
  ['forms: no role cannot archive', 'nobody', 'form.archive', t1, false],
  ['forms: no role cannot restore', 'nobody', 'form.restore', t1, false],
  ['forms: team member cannot delete', 'teamMember', 'form.delete', t1, false],
  ['forms: team controller deletes', 'teamController', 'form.delete', t1, true],
  ['forms: project controller deletes in their teams', 'projectController', 'form.delete', t2, true],
  ['forms: no role cannot delete', 'nobody', 'form.delete', t1, false],
  ['workflow: team member moves', 'teamMember', 'form.workflowMove', t1, true],
  ['workflow: visitor cannot move', 'visitor', 'form.workflowMove', t1, false],
  ['workflow: team member cannot reset', 'teamMember', 'form.workflowReset', t1, false],
  ['workflow: team controller resets', 'teamController', 'form.workflowReset', t1, true],
  ['workflow: admin resets', 'admin', 'form.workflowReset', t3, true],

  // Actions: members and above view, create, edit and complete; controllers reset.
  ['actions: team member views their team', 'teamMember', 'action.view', t1, true],
  ['actions: team member does not view a sibling team', 'teamMember', 'action.view', t2, false],
  ['actions: no role views nothing', 'nobody', 'action.view', t1, false],
  ['actions: team member creates', 'teamMember', 'action.create', t1, true],
  ['actions: visitor creates in their team', 'visitor', 'action.create', t1, true],
  ['actions: project member creates in their teams', 'projectMember', 'action.create', t2, true],
  ['actions: no role creates nothing', 'nobody', 'action.create', t1, false],
  ['actions: only in teams', 'orgController', 'action.create', p1, false],
  ['actions: team member edits', 'teamMember', 'action.edit', t1, true],
  ['actions: team member completes', 'teamMember', 'action.complete', t1, true],
  ['actions: no role completes nothing (unless assignee)', 'nobody', 'action.complete', t1, false],
  ['actions: team member cannot reset', 'teamMember', 'action.reset', t1, false],
  ['actions: team controller resets', 'teamController', 'action.reset', t1, true],
  ['actions: project controller resets in their teams', 'projectController', 'action.reset', t2, true],
  ['actions: org controller resets anywhere', 'orgController', 'action.reset', t3, true],

  // The workspace's account (plan, subscription, users used): admins and org controllers.
  ['account: admin views it', 'admin', 'account.view', company, true],
  ['account: org controller views it', 'orgController', 'account.view', company, true],
  ['account: org member does not', 'orgMember', 'account.view', company, false],
  ['account: project controller does not', 'projectController', 'account.view', company, false],
  ['account: visitor does not', 'visitor', 'account.view', company, false],
  ['account: only at the company', 'orgController', 'account.view', p1, false],
];

describe('actionItemAccess (per-action rights and states)', () => {
  const assigned = { state: 'assigned', assignedToViewer: false } as const;
  const mine = { state: 'assigned', assignedToViewer: true } as const;
  it.each<[string, Persona, Parameters<typeof actionItemAccess>[2], keyof ActionItemAccess, boolean]>([
    ['team member completes an assigned action', 'teamMember', assigned, 'complete', true],
    ['the assignee without a role completes their action', 'nobody', mine, 'complete', true],
    ['the assignee without a role sees their action', 'nobody', mine, 'view', true],
    ['the assignee without a role does not edit it', 'nobody', mine, 'edit', false],
    ['no role, not assignee: nothing', 'nobody', assigned, 'view', false],
    ['a draft is not completed', 'teamController', { state: 'draft', assignedToViewer: false }, 'complete', false],
    [
      'a completed action is not edited',
      'teamController',
      { state: 'completed', assignedToViewer: false },
      'edit',
      false,
    ],
    [
      'team controller resets a completed action',
      'teamController',
      { state: 'completed', assignedToViewer: false },
      'reset',
      true,
    ],
    ['team member cannot reset', 'teamMember', { state: 'completed', assignedToViewer: true }, 'reset', false],
    ['a draft is not reset', 'teamController', { state: 'draft', assignedToViewer: false }, 'reset', false],
  ])('%s', (_rule, persona, action, right, expected) => {
    expect(actionItemAccess(personas[persona], t1, action)[right]).toBe(expected);
  });
});

describe('formItemAccess (per-item form permissions, spec 6)', () => {
  const own = { createdByViewer: true, state: 'active' } as const;
  const others = { createdByViewer: false, state: 'active' } as const;
  it.each<[string, Persona, Parameters<typeof formItemAccess>[2], keyof FormItemAccess, boolean]>([
    ['team member archives their own form', 'teamMember', own, 'archive', true],
    ["team member cannot archive another's form", 'teamMember', others, 'archive', false],
    ["team controller archives anyone's form", 'teamController', others, 'archive', true],
    ['team member restores their own archived form', 'teamMember', { ...own, state: 'archived' }, 'restore', true],
    ['an active form is not restored', 'teamController', own, 'restore', false],
    ['an archived form is not edited', 'teamController', { ...own, state: 'archived' }, 'edit', false],
    ['visitor edits their own form', 'visitor', own, 'edit', true],
    ["visitor cannot edit another's form", 'visitor', others, 'edit', false],
    ['visitor cannot archive even their own', 'visitor', own, 'archive', false],
    ['team member cannot delete their own', 'teamMember', own, 'delete', false],
    ['team controller deletes', 'teamController', others, 'delete', true],
    ['no role: nothing', 'nobody', own, 'edit', false],
  ])('%s', (_rule, persona, form, action, expected) => {
    expect(formItemAccess(personas[persona], t1, form)[action]).toBe(expected);
  });
});

describe('can(user, verb, folder)', () => {
  it.each(rows)('%s', (_rule, persona, verb, folder, expected) => {
    expect(can(personas[persona], verb, folder)).toBe(expected);
  });
});

describe('the tree shows folders on the way to a role', () => {
  it.each([
    ['team member sees their project', 'teamMember', p1, true],
    ['team member sees the company', 'teamMember', company, true],
    ['team member does not see a sibling team', 'teamMember', t2, false],
    ['team member does not see another project', 'teamMember', p2, false],
    ['project member sees their project teams', 'projectMember', t2, true],
    ['org member sees everything', 'orgMember', t3, true],
  ] as [string, Persona, FolderRef, boolean][])('%s', (_rule, persona, folder, expected) => {
    expect(canSeeInTree(personas[persona], folder)).toBe(expected);
  });
});

describe('denial messages', () => {
  it('restoring a project folder names the org controller', () => {
    expect(denialMessage('folder.restore', p1)).toBe(restoreProjectDenied);
    expect(restoreProjectDenied).toBe(
      'You do not have access to restore a project folder. Please contact your org controller.',
    );
  });
  it('restoring a team has no special message', () => {
    expect(denialMessage('folder.restore', t1)).toBeUndefined();
  });
});

describe('create workspace (spec 5.4)', () => {
  const base = { isAdmin: false, isVisitorOnly: false, userType: 'contributor' as const, isOrgController: false };
  it.each([
    ['admin on a standard plan', { ...base, isAdmin: true, plan: 'standard' }, true, true],
    [
      'visitor-only user without a workspace',
      { ...base, isVisitorOnly: true, userType: null, plan: null },
      true,
      false,
    ],
    ['visitor on a standard plan', { ...base, userType: 'visitor', plan: 'standard' }, true, true],
    ['org controller on premium', { ...base, isOrgController: true, plan: 'premium' }, true, false],
    ['org controller on standard', { ...base, isOrgController: true, plan: 'standard' }, false, true],
    ['org controller on free trial', { ...base, isOrgController: true, plan: 'free_trial' }, false, true],
    ['contributor without org control on premium', { ...base, plan: 'premium' }, false, false],
  ] as [string, Parameters<typeof createWorkspaceAccess>[0], boolean, boolean][])(
    '%s',
    (_rule, input, enabled, showBanner) => {
      expect(createWorkspaceAccess(input)).toEqual({ enabled, showBanner });
    },
  );
});

describe('switching, upgrading and forced modals (spec 6, 4.4)', () => {
  it.each([
    ['admin can always switch', () => canSwitchWorkspace({ isAdmin: true }, 1), true],
    ['one workspace: no switch', () => canSwitchWorkspace({ isAdmin: false }, 1), false],
    ['two workspaces: switch', () => canSwitchWorkspace({ isAdmin: false }, 2), true],
    [
      'self-service free trial may upgrade',
      () => canUpgradeBySelfService({ accountType: 'self_service', plan: 'free_trial', status: 'expired_trial' }),
      true,
    ],
    [
      'managed account may not self-upgrade',
      () => canUpgradeBySelfService({ accountType: 'managed', plan: 'free_trial', status: 'free_trial' }),
      false,
    ],
    [
      'self-service on a paid plan may not self-upgrade',
      () => canUpgradeBySelfService({ accountType: 'self_service', plan: 'pro', status: 'active' }),
      false,
    ],
    [
      'free-trial account: on the free trial plan',
      () => isFreeTrialAccount({ planType: 'free_trial', subscriptionStatus: 'churned' }),
      true,
    ],
    [
      'free-trial account: a trial status (an expired trial of a paid plan)',
      () => isFreeTrialAccount({ planType: 'pro', subscriptionStatus: 'expired_trial' }),
      true,
    ],
    [
      'a paid account is not a free trial',
      () => isFreeTrialAccount({ planType: 'pro', subscriptionStatus: 'active' }),
      false,
    ],
    ['no account is not a free trial', () => isFreeTrialAccount(undefined), false],
    [
      'admins are never forced',
      () => isForcedToUpgrade({ isAdmin: true }, { status: 'churned', trialEndDate: null }, new Date()),
      false,
    ],
    [
      'paused is forced',
      () => isForcedToUpgrade({ isAdmin: false }, { status: 'paused', trialEndDate: null }, new Date()),
      true,
    ],
    [
      'trial in the future is not forced',
      () =>
        isForcedToUpgrade(
          { isAdmin: false },
          { status: 'free_trial', trialEndDate: new Date('2030-01-01') },
          new Date('2029-01-01'),
        ),
      false,
    ],
    [
      'trial past its end is forced',
      () =>
        isForcedToUpgrade(
          { isAdmin: false },
          { status: 'free_trial', trialEndDate: new Date('2029-01-01') },
          new Date('2030-01-01'),
        ),
      true,
    ],
  ] as [string, () => boolean, boolean][])('%s', (_rule, run, expected) => {
    expect(run()).toBe(expected);
  });
});

describe('landing after a link or a forbidden answer (spec 6)', () => {
  it.each([
    ['admin opens the linked team', 'admin', t3, t3],
    ['team member opens their linked team', 'teamMember', t1, t1],
    ['team member linked to a sibling team lands on their own team', 'teamMember', t2, t1],
    ['project member linked to a team of theirs opens it', 'projectMember', t2, t2],
    ['project member linked to another project lands on their project', 'projectMember', t3, p1],
    ['org member linked anywhere opens it', 'orgMember', t3, t3],
    ['no role: nowhere (no-workspace modal)', 'nobody', t1, null],
  ] as [string, Persona, FolderRef, FolderRef | null][])('%s', (_rule, persona, target, expected) => {
    expect(landingAfterLink(personas[persona], target)).toEqual(expected);
  });

  it('users with no team go to their first project or company', () => {
    expect(firstAccessibleFolder(personas.projectController, 'C')).toEqual(p1);
    expect(firstAccessibleFolder(personas.orgMember, 'C')).toEqual(company);
    expect(firstAccessibleFolder(personas.teamMember, 'C')).toEqual(t1);
    expect(firstAccessibleFolder(personas.nobody, 'C')).toBeNull();
  });

  it('on Forbidden: the first accessible workspace, else none', () => {
    expect(landingAfterForbidden([{ workspaceId: 'A', archived: true }, { workspaceId: 'B' }])).toEqual({
      workspaceId: 'B',
    });
    expect(landingAfterForbidden([])).toBeNull();
  });
});

describe('charts (spec 6: team controllers create charts; members view)', () => {
  const teamController = member([grant(t1, 'controller')]);
  const teamMember = member([grant(t1, 'member')]);
  const orgMember = member([grant(company, 'member')]);
  const orgController = member([grant(company, 'controller')]);

  it('members view the charts of their team; controllers of the team or above edit them', () => {
    expect(can(teamMember, 'chart.view', t1)).toBe(true);
    expect(can(teamMember, 'chart.edit', t1)).toBe(false);
    expect(can(teamMember, 'chart.view', t2)).toBe(false);
    expect(can(teamController, 'chart.edit', t1)).toBe(true);
    expect(can(member([grant(p1, 'controller')]), 'chart.edit', t2)).toBe(true);
    expect(can(orgMember, 'chart.edit', t3)).toBe(false);
  });

  it('the company dashboards are seen by anyone with a role in the company, edited by org controllers', () => {
    for (const m of [teamMember, teamController, orgMember]) {
      expect(can(m, 'chart.view', company)).toBe(true);
      expect(can(m, 'chart.edit', company)).toBe(false);
    }
    expect(can(orgController, 'chart.edit', company)).toBe(true);
    expect(can(member([]), 'chart.view', company)).toBe(false);
  });

  it('projects have no dashboards', () => {
    expect(can(orgController, 'chart.view', p1)).toBe(false);
    expect(can(orgController, 'chart.edit', p1)).toBe(false);
  });
});
