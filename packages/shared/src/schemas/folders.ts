import { z } from 'zod';
import { folderNameMaxLength, folderNameMessage, folderNamePattern, folderNameTooLongMessage } from '../folder-name.ts';
import { folderKinds, roles, userTypes } from '../permissions.ts';

/** Spec 5.4: trimmed, and one or more letters or digits (the rule of folder-name.ts). */
export const folderNameSchema = z
  .string()
  .trim()
  .max(folderNameMaxLength, folderNameTooLongMessage)
  .regex(folderNamePattern, folderNameMessage);

export const folderStates = ['active', 'archived', 'deleted'] as const;
export const folderStateSchema = z.enum(folderStates);
export type FolderState = z.infer<typeof folderStateSchema>;

/** The tree is shown as Active or Archived (spec 2.4); deleted folders never show again. */
export const treeStateSchema = z.enum(['active', 'archived']);
export type TreeState = z.infer<typeof treeStateSchema>;

const id = z.string().uuid();
export const companyParamsSchema = z.object({ companyId: id });
export const projectParamsSchema = z.object({ projectId: id });
export const teamParamsSchema = z.object({ teamId: id });
export const folderParamsSchema = z.object({ folderId: id });

export const roleGrantSchema = z.object({
  folderId: id,
  kind: z.enum(folderKinds),
  /** Ids from the company down to the folder: [companyId, projectId?, teamId?]. */
  path: z.array(id),
  role: z.enum(roles),
});

/**
 * The viewer's roles in this workspace, the `Membership` of packages/shared/src/permissions.ts:
 * the web app passes it to can(), canSeeInTree() and the landing rules, with a folder as
 * { kind, path } (a team's path is [companyId, projectId, teamId]).
 */
export const membershipSchema = z.object({
  isAdmin: z.boolean(),
  isVisitorOnly: z.boolean(),
  userType: z.enum(userTypes).nullable(),
  roles: z.array(roleGrantSchema),
});

export const treeTeamSchema = z.object({ folderId: id, name: z.string(), state: folderStateSchema });
export const treeProjectSchema = z.object({
  folderId: id,
  name: z.string(),
  /** An active project can hold archived teams in the Archived view (selectable only when archived). */
  state: folderStateSchema,
  teams: z.array(treeTeamSchema),
});
export type TreeProject = z.infer<typeof treeProjectSchema>;

export const folderTreeQuerySchema = z.object({ state: treeStateSchema.default('active') });

/**
 * The company folder tree for one state (spec 2.4, 4.2, 7): only what the viewer may see, projects
 * and teams sorted case-insensitively by name. In the Archived view a project shows when it is
 * archived or holds archived teams.
 */
export const folderTreeSchema = z.object({
  company: z.object({ folderId: id, name: z.string() }),
  state: treeStateSchema,
  projects: z.array(treeProjectSchema),
  viewer: membershipSchema,
});
export type FolderTree = z.infer<typeof folderTreeSchema>;

export const folderSchema = z.object({
  folderId: id,
  kind: z.enum(folderKinds),
  parentId: id.nullable(),
  name: z.string(),
  state: folderStateSchema,
  path: z.array(id),
});
export type Folder = z.infer<typeof folderSchema>;

export const folderNameBodySchema = z.object({ name: folderNameSchema }).strict();

export const folderStateChangeSchema = z
  .object({
    state: folderStateSchema,
    /** Project and team ids (company endpoint) or team ids (project endpoint). */
    folders: z.array(id).max(5000),
  })
  .strict();
export type FolderStateChange = z.infer<typeof folderStateChangeSchema>;

export const folderStateChangeResultSchema = z.object({
  state: folderStateSchema,
  /** Every folder whose state changed, cascades included (a project's teams). */
  changed: z.array(z.object({ folderId: id, kind: z.enum(folderKinds), state: folderStateSchema })),
});
export type FolderStateChangeResult = z.infer<typeof folderStateChangeResultSchema>;

/** Spec 7, "Get folder hierarchy by id": a folder with its ancestors, for opening it by address. */
export const folderHierarchySchema = z.object({
  folder: folderSchema,
  company: z.object({ folderId: id, name: z.string() }),
  project: z.object({ folderId: id, name: z.string(), state: folderStateSchema }).nullable(),
  viewer: membershipSchema,
});
export type FolderHierarchy = z.infer<typeof folderHierarchySchema>;
