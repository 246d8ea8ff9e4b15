import type { FolderKind, Membership, Role } from '@formwork/shared/permissions';

/** The folder a Users page shows, with the viewer's roles (the shared rules decide what is offered). */
export type UsersFolder = {
  kind: FolderKind;
  folderId: string;
  path: string[];
  companyId: string;
  name: string;
  viewer: Membership;
  /** Why visitors may not be added to the workspace (its plan, its Feature Access setting), or null. */
  visitorsProblem: 'visitorsNotOnPlan' | 'visitorsNotAllowed' | null;
};

/** The translation key of a level: Team, Project or Org, Member or Controller. */
export const levelKey = (kind: FolderKind, role: Role) => `users.levels.${kind}.${role}`;
