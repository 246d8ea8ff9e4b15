/**
 * Typed permission verbs and the rules of spec section 6. The server checks them on every route
 * (authz/can.ts) and the web app uses the same functions to show, hide or disable.
 *
 * A role held at a folder applies to that folder and everything below it: a company (org)
 * controller controls every project and team, a project controller controls the project's teams,
 * and a member role lets its holder view the folder and what is below it. Admins (super users)
 * act as controllers everywhere.
 */

import { type Plan, planAllows, plans } from './limits.ts';

export const folderKinds = ['company', 'project', 'team'] as const;
export type FolderKind = (typeof folderKinds)[number];

export const roles = ['controller', 'member'] as const;
export type Role = (typeof roles)[number];

/** Internal staff (Contributor) or external (Visitor), per workspace. */
export const userTypes = ['contributor', 'visitor'] as const;
export type UserType = (typeof userTypes)[number];

/** The plan types live with their table (limits.ts); the rules here read it. */
export { type Plan, plans };

/** Spec 1: an account is managed (set up for the customer) or self-service (signed up and paid online). */
export const accountTypes = ['managed', 'self_service'] as const;
export type AccountType = (typeof accountTypes)[number];

/**
 * Spec 4.4: an account's subscription. `active` is a paid subscription in good standing; the others
 * are the spec's statuses (a free trial runs until the account's trial end date).
 */
export const subscriptionStatuses = [
  'active',
  'free_trial',
  'expired_trial',
  'churned',
  'paused',
  'overdue_invoice',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Spec 5.6, 9: a paid subscription runs monthly or for one year. */
export const subscriptionTerms = ['monthly', 'one_year'] as const;
export type SubscriptionTerm = (typeof subscriptionTerms)[number];

/** A folder as the rules see it: its kind and the ids from the company down to itself. */
export type FolderRef = { kind: FolderKind; path: readonly string[] };

/** One role held at one folder; `path` is that folder's path (company, project, team). */
export type RoleGrant = { folderId: string; kind: FolderKind; path: readonly string[]; role: Role };

/** What the rules need to know about the user within one workspace. */
export type Membership = {
  isAdmin: boolean;
  isVisitorOnly: boolean;
  /** How the user belongs to this workspace; null when they do not (an admin looking in). */
  userType: UserType | null;
  roles: readonly RoleGrant[];
};

export const permissions = [
  /** See a folder's content and activity. */
  'folder.view',
  /** See a folder in the navigation tree: one the user may view, or one on the way to their role. */
  'folder.browse',
  /** Add a project folder to the company (the higher-project permission). */
  'folder.addProject',
  /** Add a team folder to a project. */
  'folder.addTeam',
  'folder.rename',
  /** Route-level: change the state of folders inside a company or project; each folder is checked. */
  'folder.changeState',
  'folder.archive',
  'folder.restore',
  'folder.delete',
  /** See the settings link of a folder (spec 2.3). */
  'settings.view',
  /** Upload photos, signatures and images into a folder (members and above, spec 6). */
  'file.upload',
  /** Search every workspace (super users). */
  'workspace.search',
  /** Route-level: create a workspace; decided by createWorkspaceAccess(). */
  'workspace.create',
  /** Change the workspace's settings (its time zone): admins and org controllers. */
  'workspace.edit',
  /** Edit, create, delete, reorder and bulk-select tabs (company level). */
  'tabs.edit',
  /** Edit templates and add them to tabs. */
  'template.edit',
  /** Archive and restore templates; at company level an org controller. */
  'template.archive',
  /** Delete templates with their forms and deployed copies; same rule as archiving. */
  'template.delete',
  /** Manage Deployment, Deploy, Undeploy and bulk template actions. */
  'template.deploy',
  /** See the forms of a team: a form, its history, the timeline, registers and their exports. */
  'form.view',
  /** Fill in a new form or clone one (members and above, spec 6). */
  'form.create',
  /** Save changes to a form; per item, a visitor edits only the forms they created (formItemAccess). */
  'form.edit',
  /** Route-level: archive forms of a team; each form is checked with formItemAccess (spec 6). */
  'form.archive',
  /** Route-level: restore archived forms of a team; each form is checked with formItemAccess. */
  'form.restore',
  /** Permanently delete forms of a team (team controllers and above). */
  'form.delete',
  /** Move a workflow form to its next column with an approval signature (staff, not visitors). */
  'form.workflowMove',
  /** Reset a workflow form to a chosen column, removing later signatures (team controllers and above). */
  'form.workflowReset',
  /** See a team's actions and open one (members and above; an assignee always sees their own). */
  'action.view',
  /** Raise an action in a team, on a form or on its own (members and above). */
  'action.create',
  /** Change and assign an action that is not completed (members and above). */
  'action.edit',
  /** Complete an assigned action: members and above, and the assignee (actionItemAccess). */
  'action.complete',
  /** Reset an action back to assigned or draft (team controllers and above). */
  'action.reset',
  /** See the workspace's account: plan, subscription and users used (admins and org controllers). */
  'account.view',
  /** See a folder's Users page: the people with access there and below (issue 16). */
  'people.view',
  /** Invite people to a folder, resend, revoke, change a level or remove access there (controllers; invitation-rules.ts decides which levels). */
  'people.invite',
  /** Deactivate or reactivate a person in the workspace (org controllers). */
  'people.deactivate',
  /** See the lists of a company (List Library) or a project (Lists): members and above there. */
  'list.view',
  /** Create, rename, archive, restore and delete lists, change their properties and import them: org controllers in the List Library, project controllers in a project (spec 6). */
  'list.manage',
  /** Add, change, reorder and remove the items of a list: org controllers in the List Library; the project's members in a project (issue 18). */
  'list.editItems',
  /** See a team's photo gallery and its tags (members and above, spec 6). */
  'photo.view',
  /** Upload photos to a team's gallery (members and above, spec 6). */
  'photo.upload',
  /** Apply and remove tags on a team's photos (members and above). */
  'photo.tag',
  /** Route-level: archive and restore photos of a team; staff, not visitors (each photo checked with photoItemAccess). */
  'photo.archive',
  /** Permanently delete photos of a team, move or copy them to another team (team controllers and above, spec 6). */
  'photo.delete',
  /** Create, rename, colour and delete tags and tag groups: team controllers at a team, project controllers at a project. */
  'photo.manageTags',
  /** Upload, replace and remove a project's alignment (its KML or GeoJSON centreline): project controllers and above (issue 19.4). */
  'photo.manageAlignment',
  /** Comment on a team's photos and mention people who can see the team (members and above). */
  'photo.comment',
  /** See, create, archive, restore and delete a team's submission links (team controllers and above, issue 21). */
  'link.manage',
  /** See a team's or the company's dashboards and charts (members and above there; a company's also whoever has a role below it, counting only what they may see). */
  'chart.view',
  /** Create, edit, arrange, archive and delete dashboards and charts (team controllers and above; at company level org controllers, spec 6). */
  'chart.edit',
  /** See, add, change and delete webhooks, their delivery log, redeliveries and test deliveries (org controllers at the company, team controllers at their team; issue 24.1). */
  'webhook.manage',
] as const;
export type Permission = (typeof permissions)[number];

const levelIndex: Record<FolderKind, number> = { company: 0, project: 1, team: 2 };

export function folderId(folder: FolderRef): string {
  return folder.path[folder.path.length - 1] as string;
}

/** The role held exactly at the folder's ancestor (or itself) of the given level, if any. */
export function roleAtLevel(m: Membership, folder: FolderRef, level: FolderKind): Role | null {
  const index = levelIndex[level];
  if (index > levelIndex[folder.kind]) return null;
  const id = folder.path[index];
  let found: Role | null = null;
  for (const grant of m.roles) {
    if (grant.kind !== level || grant.folderId !== id) continue;
    if (grant.role === 'controller') return 'controller';
    found = 'member';
  }
  return found;
}

function strongest(a: Role | null, b: Role | null): Role | null {
  if (a === 'controller' || b === 'controller') return 'controller';
  return a ?? b;
}

/**
 * The strongest role that applies at the folder: held there or at any folder above it, from
 * `fromLevel` down (company by default). Admins are controllers everywhere.
 */
export function effectiveRole(m: Membership, folder: FolderRef, fromLevel: FolderKind = 'company'): Role | null {
  if (m.isAdmin) return 'controller';
  let role: Role | null = null;
  for (const level of folderKinds) {
    if (levelIndex[level] < levelIndex[fromLevel] || levelIndex[level] > levelIndex[folder.kind]) continue;
    role = strongest(role, roleAtLevel(m, folder, level));
  }
  return role;
}

/** The folder at `level` on the folder's path (the company of a team, its project...). */
export function ancestor(folder: FolderRef, level: FolderKind): FolderRef {
  return { kind: level, path: folder.path.slice(0, levelIndex[level] + 1) };
}

/** A controller at the folder's `deepestLevel` ancestor or any level above it. */
function controllerAtOrAbove(m: Membership, folder: FolderRef, deepestLevel: FolderKind): boolean {
  if (m.isAdmin) return true;
  for (const level of folderKinds) {
    if (levelIndex[level] > Math.min(levelIndex[deepestLevel], levelIndex[folder.kind])) break;
    if (roleAtLevel(m, folder, level) === 'controller') return true;
  }
  return false;
}

/** Admin, or a controller of the company (a "company entry" for the workspace). */
export function hasHigherProjectPermission(m: Membership): boolean {
  return m.isAdmin || m.roles.some((g) => g.kind === 'company' && g.role === 'controller');
}

/** Whether a role is held at the folder or at any folder below it (the folder is on the way to it). */
export function leadsToRole(m: Membership, folder: FolderRef): boolean {
  const id = folderId(folder);
  const index = levelIndex[folder.kind];
  return m.roles.some((g) => g.path[index] === id);
}

/**
 * Whether the folder appears in the user's tree: everything they may view, plus the folders on the
 * way to a role (a team member sees their team's project, without its other teams).
 */
export function canSeeInTree(m: Membership, folder: FolderRef): boolean {
  return can(m, 'folder.browse', folder);
}

/** Spec 2.3: the settings link per level. */
function canViewSettings(m: Membership, folder: FolderRef): boolean {
  if (m.isAdmin) return true;
  switch (folder.kind) {
    case 'team':
      return (
        roleAtLevel(m, folder, 'team') === 'controller' ||
        roleAtLevel(m, folder, 'project') !== null ||
        roleAtLevel(m, folder, 'company') !== null
      );
    case 'project':
      return effectiveRole(m, folder) !== null;
    case 'company':
      return roleAtLevel(m, folder, 'company') !== null;
  }
}

/** May change the state of some folder inside this company or project. */
function canChangeStateWithin(m: Membership, container: FolderRef): boolean {
  if (controllerAtOrAbove(m, container, 'project')) return true;
  if (container.kind !== 'company') return false;
  const company = folderId(container);
  return m.roles.some((g) => g.kind === 'project' && g.role === 'controller' && g.path[0] === company);
}

/**
 * The rules. Folder management (rename, archive, delete, restore) belongs to controllers of the
 * project or above: project controllers manage their project and its teams, org controllers all of
 * them; restoring or permanently deleting a project folder needs an org controller (spec 6).
 */
export function can(m: Membership, verb: Permission, folder: FolderRef): boolean {
  switch (verb) {
    case 'folder.view':
    case 'file.upload':
      return effectiveRole(m, folder) !== null;
    case 'folder.browse':
      return effectiveRole(m, folder) !== null || leadsToRole(m, folder);
    case 'folder.addProject':
      return folder.kind === 'company' && hasHigherProjectPermission(m);
    case 'folder.addTeam':
      return folder.kind === 'project' && controllerAtOrAbove(m, folder, 'project');
    case 'folder.rename':
    case 'folder.archive':
      if (folder.kind === 'company') return controllerAtOrAbove(m, folder, 'company');
      return controllerAtOrAbove(m, folder, 'project');
    // Deleting is for good: a project (with its teams) only by an org controller, who alone could
    // have restored it (spec 6); a team by its project's controller.
    case 'folder.delete':
    case 'folder.restore':
      if (folder.kind === 'team') return controllerAtOrAbove(m, folder, 'project');
      return controllerAtOrAbove(m, folder, 'company');
    case 'folder.changeState':
      return folder.kind !== 'team' && canChangeStateWithin(m, folder);
    case 'settings.view':
      return canViewSettings(m, folder);
    case 'workspace.search':
      return m.isAdmin;
    case 'workspace.create':
      return createWorkspaceAccess({ ...m, isOrgController: hasHigherProjectPermission(m), plan: null }).enabled;
    case 'tabs.edit':
    case 'template.deploy':
      return controllerAtOrAbove(m, folder, 'company');
    case 'template.edit':
      return controllerAtOrAbove(m, folder, 'team');
    case 'template.archive':
    case 'template.delete':
      if (folder.kind === 'company') return controllerAtOrAbove(m, folder, 'company');
      return controllerAtOrAbove(m, folder, 'team');
    case 'form.view':
    case 'form.create':
    case 'form.edit':
      return folder.kind === 'team' && effectiveRole(m, folder) !== null;
    case 'form.archive':
    case 'form.restore':
    case 'form.workflowMove':
      return folder.kind === 'team' && effectiveRole(m, folder) !== null && (m.isAdmin || m.userType !== 'visitor');
    case 'form.delete':
    case 'form.workflowReset':
    case 'action.reset':
      return folder.kind === 'team' && controllerAtOrAbove(m, folder, 'team');
    case 'people.view':
      return effectiveRole(m, folder) !== null;
    case 'people.invite':
      return controllerAtOrAbove(m, folder, 'team');
    case 'people.deactivate':
      return folder.kind === 'company' && controllerAtOrAbove(m, folder, 'company');
    case 'action.view':
    case 'action.create':
    case 'action.edit':
    case 'action.complete':
      return folder.kind === 'team' && effectiveRole(m, folder) !== null;
    case 'account.view':
    case 'workspace.edit':
      return folder.kind === 'company' && controllerAtOrAbove(m, folder, 'company');
    case 'list.view':
      return folder.kind !== 'team' && effectiveRole(m, folder) !== null;
    case 'list.manage':
      if (folder.kind === 'company') return controllerAtOrAbove(m, folder, 'company');
      return folder.kind === 'project' && controllerAtOrAbove(m, folder, 'project');
    case 'list.editItems':
      if (folder.kind === 'company') return controllerAtOrAbove(m, folder, 'company');
      return folder.kind === 'project' && effectiveRole(m, folder) !== null;
    case 'photo.view':
    case 'photo.upload':
    case 'photo.tag':
    case 'photo.comment':
      return folder.kind === 'team' && effectiveRole(m, folder) !== null;
    case 'photo.archive':
      return folder.kind === 'team' && effectiveRole(m, folder) !== null && (m.isAdmin || m.userType !== 'visitor');
    case 'photo.delete':
      return folder.kind === 'team' && controllerAtOrAbove(m, folder, 'team');
    case 'photo.manageTags':
      return folder.kind !== 'company' && controllerAtOrAbove(m, folder, folder.kind);
    case 'photo.manageAlignment':
      return folder.kind === 'project' && controllerAtOrAbove(m, folder, 'project');
    case 'link.manage':
      return folder.kind === 'team' && controllerAtOrAbove(m, folder, 'team');
    case 'chart.view':
      if (folder.kind === 'team') return effectiveRole(m, folder) !== null;
      return folder.kind === 'company' && (effectiveRole(m, folder) !== null || leadsToRole(m, folder));
    case 'chart.edit':
    case 'webhook.manage':
      return folder.kind !== 'project' && controllerAtOrAbove(m, folder, folder.kind);
  }
}

/** What the viewer may do with one action now (its state, the viewer's role, whether they are its assignee). */
export type ActionItemAccess = { view: boolean; edit: boolean; assign: boolean; complete: boolean; reset: boolean };

export function actionItemAccess(
  m: Membership,
  team: FolderRef,
  action: { state: 'draft' | 'assigned' | 'completed'; assignedToViewer: boolean },
): ActionItemAccess {
  const open = action.state !== 'completed';
  return {
    view: can(m, 'action.view', team) || action.assignedToViewer,
    edit: open && can(m, 'action.edit', team),
    assign: open && can(m, 'action.edit', team),
    complete: action.state === 'assigned' && (can(m, 'action.complete', team) || action.assignedToViewer),
    reset: action.state !== 'draft' && can(m, 'action.reset', team),
  };
}

/** What the viewer may do with one form (spec 6: per-item delete, archive and restore permissions). */
export type FormItemAccess = {
  edit: boolean;
  archive: boolean;
  restore: boolean;
  delete: boolean;
  clone: boolean;
  workflowMove: boolean;
  workflowReset: boolean;
};

/**
 * Per-item rules over the team-level verbs: team controllers and above act on every form of the
 * team; staff members archive and restore the forms they created; visitors edit only their own
 * and never archive, restore or delete; users with no permission can do none of it.
 */
export function formItemAccess(
  m: Membership,
  team: FolderRef,
  form: { createdByViewer: boolean; state: 'active' | 'archived' | 'deleted' },
): FormItemAccess {
  const controller = controllerAtOrAbove(m, team, 'team');
  const active = form.state === 'active';
  const own = form.createdByViewer || controller;
  return {
    edit: active && can(m, 'form.edit', team) && (m.userType !== 'visitor' || form.createdByViewer || m.isAdmin),
    archive: active && can(m, 'form.archive', team) && own,
    restore: form.state === 'archived' && can(m, 'form.restore', team) && own,
    delete: form.state !== 'deleted' && can(m, 'form.delete', team),
    clone: form.state !== 'deleted' && can(m, 'form.create', team),
    workflowMove: active && can(m, 'form.workflowMove', team),
    workflowReset: active && can(m, 'form.workflowReset', team),
  };
}

/** What the viewer may do with one photo (spec 6: per-item delete, archive and restore permissions). */
export type PhotoItemAccess = { archive: boolean; restore: boolean; delete: boolean };

/**
 * Per-item rules over the team-level verbs, as for forms: team controllers and above act on every
 * photo of the team; staff members archive and restore the photos they uploaded; visitors never.
 */
export function photoItemAccess(
  m: Membership,
  team: FolderRef,
  photo: { uploadedByViewer: boolean; state: 'active' | 'archived' },
): PhotoItemAccess {
  const own = photo.uploadedByViewer || controllerAtOrAbove(m, team, 'team');
  return {
    archive: photo.state === 'active' && can(m, 'photo.archive', team) && own,
    restore: photo.state === 'archived' && can(m, 'photo.archive', team) && own,
    delete: can(m, 'photo.delete', team),
  };
}

export const restoreProjectDenied =
  'You do not have access to restore a project folder. Please contact your org controller.';
export const createWorkspaceDenied = 'Only users with Org Controller permissions can create additional workspaces.';

/** The spec's words for a refusal, where it has them; otherwise undefined (the generic text). */
export function denialMessage(verb: Permission, folder: FolderRef): string | undefined {
  if (verb === 'folder.restore' && folder.kind === 'project') return restoreProjectDenied;
  if (verb === 'workspace.create') return createWorkspaceDenied;
  return undefined;
}

/** Spec 5.2, 5.4: extra workspaces only on a plan whose table entry includes them (not Standard, not Free Trial). */
export function planAllowsExtraWorkspaces(plan: Plan | null): boolean {
  return plan !== null && planAllows(plan, 'multipleWorkspaces');
}

export type WorkspaceCreationInput = {
  isAdmin: boolean;
  isVisitorOnly: boolean;
  /** In the current workspace; a visitor may create their own (trial) workspace. */
  userType: UserType | null;
  isOrgController: boolean;
  /** The current workspace's plan; null when there is none. */
  plan: Plan | null;
};

/**
 * Spec 5.4, the create-workspace button: enabled for admins and visitors; otherwise disabled when
 * the banner shows, else enabled only for org controllers. The banner shows when extra
 * workspaces cannot be created and the user is not visitor-only.
 */
export function createWorkspaceAccess(i: WorkspaceCreationInput): { enabled: boolean; showBanner: boolean } {
  const showBanner = !planAllowsExtraWorkspaces(i.plan) && !i.isVisitorOnly;
  if (i.isAdmin || i.isVisitorOnly || i.userType === 'visitor') return { enabled: true, showBanner };
  return { enabled: !showBanner && i.isOrgController, showBanner };
}

/** Spec 2.6, 6: switching is offered with more than one workspace; admins can always switch. */
export function canSwitchWorkspace(m: { isAdmin: boolean }, workspaceCount: number): boolean {
  return m.isAdmin || workspaceCount > 1;
}

/**
 * Spec 2.3: a free-trial account (it sees the trial set of the help menu): on the free trial plan,
 * or with a trial status (running or expired). No account known: not a free trial.
 */
export function isFreeTrialAccount(
  a: { planType: Plan; subscriptionStatus: SubscriptionStatus } | null | undefined,
): boolean {
  if (!a) return false;
  return (
    a.planType === 'free_trial' || a.subscriptionStatus === 'free_trial' || a.subscriptionStatus === 'expired_trial'
  );
}

/** Spec 6: self-service checkout only for self-service accounts on the free trial (active or expired). */
export function canUpgradeBySelfService(a: {
  accountType: AccountType;
  plan: Plan;
  status: SubscriptionStatus;
}): boolean {
  return (
    a.accountType === 'self_service' &&
    a.plan === 'free_trial' &&
    (a.status === 'free_trial' || a.status === 'expired_trial')
  );
}

/** Spec 4.4, 6: the subscription modal is forced on non-admins whose subscription has lapsed. */
export function isForcedToUpgrade(
  m: { isAdmin: boolean },
  s: { status: SubscriptionStatus; trialEndDate: Date | null },
  now: Date,
): boolean {
  if (m.isAdmin) return false;
  if (s.status === 'free_trial') return s.trialEndDate !== null && s.trialEndDate.getTime() <= now.getTime();
  return s.status !== 'active';
}

/**
 * Spec 6, landing after a link: the deepest folder of the target the user may view (admins may
 * open any); otherwise the first accessible folder of the company; null opens the no-workspace
 * modal.
 */
export function landingAfterLink(m: Membership, target: FolderRef): FolderRef | null {
  for (let depth = target.path.length; depth >= 1; depth--) {
    const folder: FolderRef = { kind: folderKinds[depth - 1] as FolderKind, path: target.path.slice(0, depth) };
    if (can(m, 'folder.view', folder)) return folder;
  }
  return firstAccessibleFolder(m, target.path[0] as string);
}

/**
 * Spec 6: a team member goes to their team, project or company members to theirs; users with no
 * team go to their first project or company; null when there is none (no-workspace modal).
 */
export function firstAccessibleFolder(m: Membership, companyId: string): FolderRef | null {
  for (const kind of ['team', 'project', 'company'] as const) {
    const grant = m.roles.find((g) => g.kind === kind && g.path[0] === companyId);
    if (grant) return { kind, path: grant.path };
  }
  return m.isAdmin ? { kind: 'company', path: [companyId] } : null;
}

/** Spec 6: after a Forbidden answer, the first accessible workspace, or null for the no-workspace modal. */
export function landingAfterForbidden<W extends { workspaceId: string; archived?: boolean }>(
  accessible: readonly W[],
): W | null {
  return accessible.find((w) => !w.archived) ?? null;
}

/** The folder-level word of the routes (spec 2.2). */
export function folderLevelWord(kind: FolderKind): 'companies' | 'projects' | 'teams' {
  return kind === 'company' ? 'companies' : kind === 'project' ? 'projects' : 'teams';
}
