import { can, type FolderRef } from '@formwork/shared/permissions';
import { assertCan } from '../../authz/can.ts';
import { companyContext, folderContext, personalScope, type WorkspaceContext } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import * as deployments from './deployments.queries.ts';
import * as queries from './templates.queries.ts';

/** A template named by a route, found inside the verified workspace, with its folder's place. */
export type TemplateContext = WorkspaceContext & {
  template: queries.LocatedTemplate;
  /** The folder the template lives in: the company (library) or a team. */
  home: FolderRef & { folderId: string };
  isCompany: boolean;
};

/** A folder that holds templates: the company (Template Library) or a team. */
export type TemplateFolder = { kind: 'company' | 'team'; folderId: string };

export function folderPath(
  companyId: string,
  folder: { kind: string; folderId: string; parentId: string | null },
): string[] {
  if (folder.kind === 'company') return [companyId];
  if (folder.kind === 'project') return [companyId, folder.folderId];
  return [companyId, folder.parentId as string, folder.folderId];
}

/**
 * The workspace of a template route, verified like a folder route: another workspace's template
 * (or one that does not exist) answers 404 templateNotFound.
 */
export async function templateContext(db: AppDb, user: SignedInUser, templateId: string): Promise<TemplateContext> {
  const workspaceId = await inScope(db, personalScope(user), (tx) => queries.workspaceOfTemplate(tx, templateId));
  if (!workspaceId) throw new AppError('templateNotFound');
  const ctx = await companyContext(db, user, workspaceId, 'templateNotFound');
  const template = await inScope(db, ctx.scope, (tx) => queries.locateTemplate(tx, workspaceId, templateId));
  if (!template) throw new AppError('templateNotFound');
  const path = folderPath(workspaceId, {
    kind: template.folderKind,
    folderId: template.folderId,
    parentId: template.folderParentId,
  });
  return {
    ...ctx,
    template,
    home: { kind: template.folderKind, path, folderId: template.folderId },
    isCompany: template.folderKind === 'company',
  };
}

/**
 * A template folder named in a request body by id alone (with an isCompany hint): the company or a
 * team of a workspace the user belongs to; anything else is not found.
 */
export async function templateFolderById(db: AppDb, user: SignedInUser, folderId: string, isCompany: boolean) {
  const kinds: TemplateFolder['kind'][] = isCompany ? ['company', 'team'] : ['team', 'company'];
  try {
    return await templateFolderContext(db, user, { kind: kinds[0] as TemplateFolder['kind'], folderId });
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== 'folderNotFound' && error.code !== 'teamNotFound')) throw error;
    return templateFolderContext(db, user, { kind: kinds[1] as TemplateFolder['kind'], folderId }).catch(() => {
      throw new AppError('folderNotFound');
    });
  }
}

/** A template folder of a route, verified; a deleted team is not found. */
export async function templateFolderContext(db: AppDb, user: SignedInUser, target: TemplateFolder) {
  return target.kind === 'company'
    ? companyContext(db, user, target.folderId)
    : folderContext(db, user, 'team', target.folderId, 'teamNotFound');
}

/**
 * Who may open a template: whoever may view its folder, and for a library template whoever may
 * view a team it is deployed to.
 */
export async function assertCanViewTemplate(db: AppDb, ctx: TemplateContext): Promise<void> {
  if (can(ctx.viewer, 'folder.view', ctx.home)) return;
  if (ctx.isCompany) {
    const teams = await inScope(db, ctx.scope, (tx) =>
      deployments.deployedTeams(tx, ctx.workspace.workspaceId, ctx.template.templateId),
    );
    const companyId = ctx.workspace.workspaceId;
    if (teams.some((t) => can(ctx.viewer, 'folder.view', { kind: 'team', path: [companyId, t.projectId, t.teamId] }))) {
      return;
    }
  }
  assertCan(ctx.viewer, 'folder.view', ctx.home);
}

/** The constraint a unique violation broke, if the error is one (drivers nest the cause). */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
