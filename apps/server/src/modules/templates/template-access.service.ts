import type { FolderRef } from '@formwork/shared/permissions';
import type { AccessContext, WorkspaceContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
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
 * The template a route names, inside the scope the route step verified (the template's home
 * folder): found through its workspace, not deleted, else 404 templateNotFound.
 */
export async function templateContext(db: AppDb, access: AccessContext, templateId: string): Promise<TemplateContext> {
  const workspaceId = access.workspace.workspaceId;
  const template = await inScope(db, access.scope, (tx) => queries.locateTemplate(tx, workspaceId, templateId));
  if (!template) throw new AppError('templateNotFound');
  const path = folderPath(workspaceId, {
    kind: template.folderKind,
    folderId: template.folderId,
    parentId: template.folderParentId,
  });
  return {
    ...access,
    template,
    home: { kind: template.folderKind, path, folderId: template.folderId },
    isCompany: template.folderKind === 'company',
  };
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
