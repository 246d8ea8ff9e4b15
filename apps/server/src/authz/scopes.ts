import type { ErrorCode } from '@formwork/shared/errors';
import type { FolderRef } from '@formwork/shared/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDb } from '../db/client.ts';
import { actions, files, folders, lists, templateDeployments, templates } from '../db/schema.ts';
import { readInScope } from '../db/tenant.ts';
import { AppError } from '../errors.ts';
import { type AccessContext, resolveFolder } from './context.ts';
import type { SignedInUser } from './signed-in-user.ts';

/**
 * What the route step found for a route: the verified folder the declared verb is checked on, and
 * other folders that grant it as well (a library template is open to whoever may view a team it is
 * deployed to). `null` for a route about no workspace (the verb then reads the caller alone).
 */
export type ResolvedScope = { context: AccessContext; alsoVia?: FolderRef[] } | { context: null };

/**
 * How a route's scope is found. `params` are the path parameters it reads (a route without them
 * fails at start-up); `notFound` the 404 code when the scope is missing or another workspace's.
 */
export type ScopeResolver = {
  name: string;
  params: readonly string[];
  notFound: ErrorCode;
  resolve(db: AppDb, user: SignedInUser, request: FastifyRequest, notFound: ErrorCode): Promise<ResolvedScope>;
  /**
   * A scope that is one folder found from the path parameters alone says how (on the alias `f`):
   * the user lookup then reads it in the same statement (`resolve` gives the same context).
   */
  folderMatch?(request: FastifyRequest): SQL;
};

function param(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string>)[name] as string;
}

/** A scope that is the folder `match` finds from the path parameters. */
function matchedFolder(name: string, params: string[], notFound: ErrorCode, match: (request: FastifyRequest) => SQL) {
  return {
    name,
    params,
    notFound,
    folderMatch: match,
    resolve: async (db, user, request, code) => ({ context: await resolveFolder(db, user, match(request), code) }),
  } satisfies ScopeResolver;
}

function folderScope(name: string, paramName: string, kind: 'project' | 'team' | 'any', notFound: ErrorCode) {
  return matchedFolder(name, [paramName], notFound, (request) => {
    const kindMatch = kind === 'any' ? sql`` : sql`and f.kind = ${kind}`;
    return sql`f.folder_id = ${param(request, paramName)} and f.state <> 'deleted' ${kindMatch}`;
  });
}

function companyScope(name: string, paramName: string, notFound: ErrorCode) {
  return matchedFolder(name, [paramName], notFound, (request) => {
    const companyId = param(request, paramName);
    return sql`f.workspace_id = ${companyId} and f.folder_id = ${companyId} and f.kind = 'company'`;
  });
}

/** The company folder named by `:companyId`. */
export const companyByParam: ScopeResolver = companyScope('company', 'companyId', 'folderNotFound');
/** The workspace named by `:workspaceId` (its company folder); 404 notFound. */
export const workspaceByParam: ScopeResolver = companyScope('workspace', 'workspaceId', 'notFound');
/** The project folder named by `:projectId`, not deleted. */
export const projectByParam: ScopeResolver = folderScope('project', 'projectId', 'project', 'projectNotFound');
/** The team folder named by `:teamId`, not deleted. */
export const teamByParam: ScopeResolver = folderScope('team', 'teamId', 'team', 'teamNotFound');
/** Any folder named by `:folderId`, not deleted. */
export const folderByParam: ScopeResolver = folderScope('folder', 'folderId', 'any', 'folderNotFound');

/** The team of the action `:actionId` of the workspace `:workspaceId` (ids are unique per workspace). */
export const actionTeamByParams: ScopeResolver = matchedFolder(
  'action team',
  ['workspaceId', 'actionId'],
  'actionNotFound',
  (request) => {
    const workspaceId = param(request, 'workspaceId');
    const actionId = param(request, 'actionId');
    return sql`f.workspace_id = ${workspaceId} and f.kind = 'team' and f.state <> 'deleted' and f.folder_id = (
      select a.folder_id from ${actions} a where a.workspace_id = ${workspaceId} and a.action_id = ${actionId})`;
  },
);

/**
 * The folder a stored file `:fileId` of the company `:companyId` belongs to. The company is
 * verified first (files have no lookup policy outside their workspace), then the file's folder.
 */
export const fileFolderByParams: ScopeResolver = {
  name: 'file folder',
  params: ['companyId', 'fileId'],
  notFound: 'notFound',
  resolve: async (db, user, request, code) => {
    const companyId = param(request, 'companyId');
    const fileId = param(request, 'fileId');
    const company = await companyByParam.resolve(db, user, request, code);
    if (!company.context) throw new AppError(code);
    const [file] = await readInScope<{ folder_id: string }>(
      db,
      company.context.scope,
      sql`select folder_id from ${files} where workspace_id = ${companyId} and file_id = ${fileId}`,
    );
    if (!file) throw new AppError(code);
    if (file.folder_id === companyId) return company;
    return {
      context: await resolveFolder(
        db,
        user,
        sql`f.workspace_id = ${companyId} and f.folder_id = ${file.folder_id} and f.state <> 'deleted'`,
        'folderNotFound',
      ),
    };
  },
};

/**
 * The folder a list `:listId` of the company `:companyId` lives in: the company (List Library) or
 * one of its projects. The company is verified first (lists have no lookup policy outside their
 * workspace), then the list's folder; a list of another workspace answers 404 listNotFound.
 */
export const listHomeByParams: ScopeResolver = {
  name: 'list home',
  params: ['companyId', 'listId'],
  notFound: 'listNotFound',
  resolve: async (db, user, request, code) => {
    const companyId = param(request, 'companyId');
    const listId = param(request, 'listId');
    const company = await companyByParam.resolve(db, user, request, code);
    if (!company.context) throw new AppError(code);
    const [list] = await readInScope<{ folder_id: string }>(
      db,
      company.context.scope,
      sql`select folder_id from ${lists} where workspace_id = ${companyId} and list_id = ${listId}`,
    );
    if (!list) throw new AppError(code);
    if (list.folder_id === companyId) return company;
    return {
      context: await resolveFolder(
        db,
        user,
        sql`f.workspace_id = ${companyId} and f.folder_id = ${list.folder_id} and f.kind = 'project' and f.state <> 'deleted'`,
        code,
      ),
    };
  },
};

/**
 * An upload's folder: the `folderId` of the query string (a folder of the company `:companyId`),
 * else the company itself.
 */
export const uploadFolder: ScopeResolver = {
  name: 'upload folder',
  params: ['companyId'],
  notFound: 'folderNotFound',
  resolve: async (db, user, request, code) => {
    const companyId = param(request, 'companyId');
    const folderId = (request.query as { folderId?: string }).folderId;
    const company = await companyByParam.resolve(db, user, request, code);
    if (!folderId || folderId === companyId) return company;
    return {
      context: await resolveFolder(
        db,
        user,
        sql`f.workspace_id = ${companyId} and f.folder_id = ${folderId} and f.state <> 'deleted'`,
        'folderNotFound',
      ),
    };
  },
};

function templateHomeMatch(templateId: string) {
  return sql`(f.workspace_id, f.folder_id) = (
    select t.workspace_id, t.folder_id from ${templates} t where t.template_id = ${templateId} and t.state <> 'deleted' limit 1)`;
}

/** The folder a template `:templateId` lives in (the company's library or a team). */
export const templateHome: ScopeResolver = matchedFolder(
  'template home',
  ['templateId'],
  'templateNotFound',
  (request) => templateHomeMatch(param(request, 'templateId')),
);

/**
 * Opening a template: its home folder, and for a library template also every team it is deployed
 * to (whoever may view one of them may open it).
 */
export const templateHomeOrDeployment: ScopeResolver = {
  name: 'template home or deployment',
  params: templateHome.params,
  notFound: templateHome.notFound,
  resolve: async (db, user, request, code) => {
    const templateId = param(request, 'templateId');
    const context = await resolveFolder(db, user, templateHomeMatch(templateId), code);
    if (context.folder.kind !== 'company') return { context };
    const workspaceId = context.workspace.workspaceId;
    const teams = await readInScope<{ team_id: string; parent_id: string }>(
      db,
      context.scope,
      sql`select d.team_id, f.parent_id from ${templateDeployments} d
        join ${folders} f on f.workspace_id = d.workspace_id and f.folder_id = d.team_id
        where d.workspace_id = ${workspaceId} and d.template_id = ${templateId}`,
    );
    return {
      context,
      alsoVia: teams.map((t) => ({ kind: 'team' as const, path: [workspaceId, t.parent_id, t.team_id] })),
    };
  },
};

/**
 * Template state changes name their folder in the body (`folderId`, with `isCompany` telling which
 * kind is meant first): the company or a team of a workspace the caller belongs to, else 404.
 */
export const templateFolderInBody: ScopeResolver = {
  name: 'template folder in body',
  params: [],
  notFound: 'folderNotFound',
  resolve: async (db, user, request) => {
    const body = request.body as { folderId?: string | null; isCompany?: boolean };
    if (!body.folderId) throw new AppError('appArchivedError');
    const kinds = body.isCompany ? ['company', 'team'] : ['team', 'company'];
    const context = await resolveFolder(
      db,
      user,
      sql`f.folder_id = ${body.folderId} and f.state <> 'deleted' and f.kind in ('company', 'team')
        and (f.kind = 'team' or f.folder_id = f.workspace_id)
        order by case f.kind when ${kinds[0]} then 0 else 1 end`,
      'folderNotFound',
    );
    return { context };
  },
};

/** A route about no workspace (searching or creating workspaces): the caller alone. */
export const personal: ScopeResolver = {
  name: 'personal',
  params: [],
  notFound: 'notFound',
  resolve: async () => ({ context: null }),
};

/** The scopes a route's path parameters name, the most specific first. */
export const scopesByParams: readonly ScopeResolver[] = [
  actionTeamByParams,
  fileFolderByParams,
  listHomeByParams,
  teamByParam,
  projectByParam,
  companyByParam,
  workspaceByParam,
  folderByParam,
];

/** The scope a route's path parameters name, or undefined (the route must declare one). */
export function scopeFromParams(params: readonly string[]): ScopeResolver | undefined {
  return scopesByParams.find((scope) => scope.params.every((p) => params.includes(p)));
}
