/**
 * Issue 16, spec 5.3 and 6: who may give which level to whom, and which e-mail addresses may be
 * invited as Contributor or Visitor. The server applies these to every invitation (one or a
 * bulk row, the same words); the web app uses them to offer only what is allowed.
 */
import { planAllows } from './limits.ts';
import {
  effectiveRole,
  type FolderKind,
  type FolderRef,
  folderKinds,
  type Membership,
  type Plan,
  type Role,
  roleAtLevel,
  type UserType,
} from './permissions.ts';

/** Days an activation link stays valid; resending gives a new link for as long again. */
export const invitationValidDays = 14;

/** Spec 5.3-like limits of a bulk invite: one CSV file, rows and bytes. */
export const bulkInviteMaxRows = 5000;
export const bulkInviteMaxBytes = 1024 * 1024;

/** The file-level reasons a bulk invite's CSV is refused before any row is checked. */
export const bulkInviteFileMessages = {
  notCsv: 'This file is not a CSV file.',
  oneFile: 'Unable to import more than one CSV file at a time.',
  header: 'The first column of the CSV file must be headed Email.',
  empty: 'The CSV file has no rows to invite.',
  nothingToInvite: 'Type the e-mail addresses to invite or choose a CSV file.',
  noValidRows: 'No row can be invited: correct the rows marked and try again.',
  tooLarge: `The CSV file is larger than ${bulkInviteMaxBytes / 1024 / 1024} MB.`,
  tooManyRows: `The CSV file has more than ${bulkInviteMaxRows.toLocaleString('en-US')} rows.`,
} as const;

/** The optional columns of a bulk invite CSV after Email (headers matched without case). */
export const bulkInviteColumns = ['email', 'folder', 'level', 'type'] as const;

/** A level is a folder kind and a role there: Team, Project or Org, Member or Controller. */
export type Level = { kind: FolderKind; role: Role };

const levelIndex: Record<FolderKind, number> = { company: 0, project: 1, team: 2 };

/**
 * The facts of issue 16: team controllers add team members (and, as contributors, team
 * controllers); project controllers add team controllers and members in their project (and, as
 * contributors, project controllers); org controllers add anyone. A visitor controller cannot add
 * controllers at the level where they are controller. Admins give any level.
 */
export function canGrantLevel(inviter: Membership, folder: FolderRef, role: Role): boolean {
  if (inviter.isAdmin) return true;
  // The highest level on the folder's path where the inviter is controller.
  let controllerLevel: FolderKind | null = null;
  for (const level of folderKinds) {
    if (levelIndex[level] > levelIndex[folder.kind]) break;
    if (roleAtLevel(inviter, folder, level) === 'controller') {
      controllerLevel = level;
      break;
    }
  }
  if (controllerLevel === null) return false;
  if (role === 'controller' && controllerLevel === folder.kind && inviter.userType === 'visitor') return false;
  return true;
}

/** The levels the inviter may give at the folder, lowest first (the new person starts at the first). */
export function grantableRoles(inviter: Membership, folder: FolderRef): Role[] {
  return (['member', 'controller'] as const).filter((role) => canGrantLevel(inviter, folder, role));
}

/** Whether the viewer may invite to the folder at all (some level is grantable). */
export function canInvite(inviter: Membership, folder: FolderRef): boolean {
  return canGrantLevel(inviter, folder, 'member');
}

/**
 * Free e-mail providers: a visitor must use a work address (issue 16). Matched on the domain and
 * its parents, so a provider's regional subdomains count too.
 */
export const freeMailDomains: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'bigpond.com',
  'optusnet.com.au',
]);

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

function domainIn(domain: string, domains: Iterable<string>): boolean {
  for (const d of domains) {
    const owned = d.toLowerCase();
    if (domain === owned || domain.endsWith(`.${owned}`)) return true;
  }
  return false;
}

export function isFreeMailDomain(domain: string): boolean {
  return domainIn(domain, freeMailDomains);
}

/** The spec's and issue's words for a refused row (the web app translates by `code`). */
export const invitationMessages = {
  contributorCannotBeVisitor: 'A user already a contributor cannot be invited as visitor.',
  visitorCannotBeContributor: 'A user already a visitor cannot be invited as contributor.',
  visitorFreeMail: 'A visitor must use a work e-mail address, not a free e-mail provider.',
  visitorOwnDomain: "A visitor's e-mail domain cannot be one of this workspace's domains.",
  contributorDomain: "A contributor must use one of this workspace's e-mail domains.",
  visitorsNotAllowed: 'This workspace does not allow visitors to be added.',
  visitorsNotOnPlan: 'Visitors are not included in the Standard plan.',
  alreadyMember: 'This person already has access to this folder.',
  alreadyInvited: 'This person already has a pending invitation to this workspace.',
  duplicateRow: 'This e-mail address appears more than once.',
  invalidEmail: 'Please enter a valid email address in the format name@example.com.',
  levelNotAllowed: "You can't give this level in this folder.",
  folderNotFound: 'This folder was not found in this workspace.',
  formulaCell: 'Cells cannot start with =, +, - or @.',
  invalidLevel: 'The level must be Member or Controller.',
  invalidType: 'The type must be Contributor or Visitor.',
  grantedElsewhere: "This person's level was given at another folder; change it there.",
  cannotDeactivateSelf: "You can't deactivate yourself.",
} as const;
export type InvitationProblem = keyof typeof invitationMessages;

export type InviteeFacts = {
  email: string;
  userType: UserType;
  /** How the address already belongs to the workspace: its type, or null. */
  existingType: UserType | null;
  /** The type of a pending invitation of the address to this workspace, or null. */
  pendingType: UserType | null;
};

export type WorkspaceInviteSettings = { emailDomains: readonly string[]; visitorsAllowed: boolean; plan: Plan };

/**
 * Spec 5.3: whether visitors may be added to the workspace: its plan includes them and its Feature
 * Access setting allows them. The reason they may not, or null.
 */
export function visitorsProblem(w: {
  visitorsAllowed: boolean;
  plan: Plan;
}): 'visitorsNotOnPlan' | 'visitorsNotAllowed' | null {
  if (!planAllows(w.plan, 'visitors')) return 'visitorsNotOnPlan';
  if (!w.visitorsAllowed) return 'visitorsNotAllowed';
  return null;
}

/**
 * The type rules of one invitee: 'A user already a contributor cannot be invited as visitor, and
 * the reverse'; visitors from a work domain that is not the workspace's; contributors from the
 * workspace's domains (when it has any); visitors only where the workspace and plan allow them.
 */
export function inviteeTypeProblem(i: InviteeFacts, w: WorkspaceInviteSettings): InvitationProblem | null {
  const already = i.existingType ?? i.pendingType;
  if (already === 'contributor' && i.userType === 'visitor') return 'contributorCannotBeVisitor';
  if (already === 'visitor' && i.userType === 'contributor') return 'visitorCannotBeContributor';
  const domain = emailDomain(i.email);
  if (i.userType === 'visitor') {
    const notAllowed = visitorsProblem(w);
    if (notAllowed) return notAllowed;
    if (isFreeMailDomain(domain)) return 'visitorFreeMail';
    if (domainIn(domain, w.emailDomains)) return 'visitorOwnDomain';
    return null;
  }
  if (w.emailDomains.length > 0 && !domainIn(domain, w.emailDomains)) return 'contributorDomain';
  return null;
}

/** Whether a person with these roles already has access at the folder (held there or above). */
export function hasAccessAt(roles: Membership['roles'], folder: FolderRef): boolean {
  return effectiveRole({ isAdmin: false, isVisitorOnly: false, userType: null, roles }, folder) !== null;
}

/**
 * CSV injection (issue 16 'formula-like cells'): a cell that a spreadsheet would run as a formula.
 */
export function isFormulaLike(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell);
}
