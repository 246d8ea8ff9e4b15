import { describe, expect, it } from 'vitest';
import {
  canGrantLevel,
  grantableRoles,
  inviteeTypeProblem,
  isFormulaLike,
  isFreeMailDomain,
} from './invitation-rules.ts';
import type { FolderRef, Membership, RoleGrant } from './permissions.ts';

const company: FolderRef = { kind: 'company', path: ['c'] };
const project: FolderRef = { kind: 'project', path: ['c', 'p'] };
const team: FolderRef = { kind: 'team', path: ['c', 'p', 't'] };
const who = (grant: RoleGrant, userType: 'contributor' | 'visitor' = 'contributor'): Membership => ({
  isAdmin: false,
  isVisitorOnly: false,
  userType,
  roles: [grant],
});
const teamController = (t: 'contributor' | 'visitor' = 'contributor') =>
  who({ folderId: 't', kind: 'team', path: team.path, role: 'controller' }, t);
const projectController = (t: 'contributor' | 'visitor' = 'contributor') =>
  who({ folderId: 'p', kind: 'project', path: project.path, role: 'controller' }, t);

describe('canGrantLevel (issue 16)', () => {
  it('team controllers give team levels; visitors among them only team member', () => {
    expect(grantableRoles(teamController(), team)).toEqual(['member', 'controller']);
    expect(grantableRoles(teamController('visitor'), team)).toEqual(['member']);
    expect(grantableRoles(teamController(), project)).toEqual([]);
  });
  it('project controllers give project and team levels; a visitor one no project controllers', () => {
    expect(grantableRoles(projectController(), project)).toEqual(['member', 'controller']);
    expect(grantableRoles(projectController('visitor'), project)).toEqual(['member']);
    expect(grantableRoles(projectController('visitor'), team)).toEqual(['member', 'controller']);
    expect(canGrantLevel(projectController(), company, 'member')).toBe(false);
  });
  it('members give nothing; admins everything', () => {
    expect(grantableRoles(who({ folderId: 'c', kind: 'company', path: ['c'], role: 'member' }), team)).toEqual([]);
    expect(
      canGrantLevel({ isAdmin: true, isVisitorOnly: false, userType: null, roles: [] }, company, 'controller'),
    ).toBe(true);
  });
});

describe('inviteeTypeProblem', () => {
  const w = { emailDomains: ['acme.example'], visitorsAllowed: true, plan: 'premium' as const };
  const facts = (email: string, userType: 'contributor' | 'visitor') => ({
    email,
    userType,
    existingType: null,
    pendingType: null,
  });
  it('applies the domain rules', () => {
    expect(inviteeTypeProblem(facts('a@gmail.com', 'visitor'), w)).toBe('visitorFreeMail');
    expect(inviteeTypeProblem(facts('a@mail.acme.example', 'visitor'), w)).toBe('visitorOwnDomain');
    expect(inviteeTypeProblem(facts('a@sub.example', 'contributor'), w)).toBe('contributorDomain');
    expect(inviteeTypeProblem(facts('a@sub.example', 'visitor'), w)).toBeNull();
    expect(inviteeTypeProblem(facts('a@sub.example', 'contributor'), { ...w, emailDomains: [] })).toBeNull();
  });
  it('keeps contributors and visitors apart', () => {
    expect(inviteeTypeProblem({ ...facts('a@acme.example', 'visitor'), existingType: 'contributor' }, w)).toBe(
      'contributorCannotBeVisitor',
    );
    expect(inviteeTypeProblem({ ...facts('a@sub.example', 'contributor'), pendingType: 'visitor' }, w)).toBe(
      'visitorCannotBeContributor',
    );
  });
});

describe('helpers', () => {
  it('knows free mail and formula-like cells', () => {
    expect(isFreeMailDomain('gmail.com')).toBe(true);
    expect(isFreeMailDomain('builder.example')).toBe(false);
    expect(isFormulaLike('=HYPERLINK("x")')).toBe(true);
    expect(isFormulaLike('@SUM(1)')).toBe(true);
    expect(isFormulaLike('ann@example.com')).toBe(false);
  });
});
