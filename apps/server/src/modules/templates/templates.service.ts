import { randomUUID } from 'node:crypto';
import type { FieldError } from '@formwork/shared/errors';
import type { FolderRef } from '@formwork/shared/permissions';
import type {
  Template,
  TemplateClone,
  TemplateCreate,
  TemplateList,
  TemplateListState,
  TemplateSave,
  TemplateSummary,
} from '@formwork/shared/schemas/templates';
import {
  definitionForType,
  type TemplateDefinition,
  type TemplateType,
  templateDefinitionSchema,
} from '@formwork/shared/templates/template-definition';
import { validateTemplate } from '@formwork/shared/templates/validate-template';
import type { AccessContext, WorkspaceContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { jobQueued } from '../../jobs/runner.ts';
import { applyRegisterOrder } from '../forms/register-order.service.ts';
import { templateListErrors } from '../lists/list-fields.service.ts';
import { existingTabIds, tabsOf } from '../tabs/tabs.service.ts';
import {
  type TemplateContext,
  type TemplateFolder,
  templateContext,
  uniqueViolation,
} from './template-access.service.ts';
import { recordTemplateEvents, type TemplateEvent } from './template-events.ts';
import * as queries from './templates.queries.ts';

export const typeFixedMessage = 'Template type cannot change after creation. Clone the template instead.';

function toSummary(row: queries.SummaryRow, companyId: string): TemplateSummary {
  const isCompany = row.folderId === companyId;
  return {
    templateId: row.templateId,
    folderId: row.folderId,
    isCompany,
    name: row.name,
    templateCode: row.templateCode,
    formName: row.formName,
    type: row.type,
    state: row.state === 'archived' ? 'archived' : 'active',
    currentVersion: row.currentVersion,
    tabIds: row.tabIds,
    isDeployed: row.reachedByDeployment || (isCompany && row.deployedTeamIds.length > 0),
    deployedTeamIds: isCompany ? row.deployedTeamIds : [],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Template validation of spec 5.1/5.2 on the workspace's plan; 400 with every issue. */
function assertValid(ctx: WorkspaceContext, draft: Parameters<typeof validateTemplate>[0]): void {
  const issues = validateTemplate(draft, { plan: ctx.workspace.plan });
  if (issues.length === 0) return;
  const errors: FieldError[] = issues.map((i) => ({ ...i, path: `body.${i.path}` }));
  throw new AppError('validationFailed', { errors });
}

/** List fields name lists the template's folder may read, list-property fields their list's properties. */
async function assertLists(
  tx: Tx,
  workspaceId: string,
  folder: FolderRef,
  definition: TemplateDefinition,
): Promise<void> {
  const issues = await templateListErrors(tx, workspaceId, folder, definition.fields);
  if (issues.length === 0) return;
  const errors: FieldError[] = issues.map((i) => ({ ...i, path: `body.${i.path}` }));
  throw new AppError('validationFailed', { errors });
}

/** Spec 5.1: 'Template ID has been used', at the Template ID field. */
function codeTaken(error: unknown): never {
  if (uniqueViolation(error) === 'templates_code_key') {
    throw new AppError('templateCodeUsed', {
      errors: [{ path: 'body.templateCode', message: 'Template ID has been used' }],
    });
  }
  throw error;
}

function event(
  ctx: WorkspaceContext,
  action: string,
  template: { templateId: string; name: string },
  folderPath: readonly string[],
  details: Record<string, unknown> = {},
): TemplateEvent {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'template',
    subjectId: template.templateId,
    folderPath: [...folderPath],
    details: { name: template.name, ...details },
  };
}

async function fullTemplate(
  tx: Tx,
  ctx: WorkspaceContext,
  templateId: string,
  path: readonly string[],
  withDefinition: boolean,
  summaryOf: (tx: Tx) => Promise<queries.SummaryRow | undefined>,
): Promise<Template> {
  const row = await summaryOf(tx);
  if (!row) throw new AppError('templateNotFound');
  const definition = withDefinition
    ? templateDefinitionSchema.parse(
        await queries.versionDefinition(tx, ctx.workspace.workspaceId, templateId, row.currentVersion),
      )
    : null;
  return { ...toSummary(row, ctx.workspace.workspaceId), path: [...path], definition };
}

function summaryById(workspaceId: string, folderId: string, templateId: string) {
  return (tx: Tx) => queries.templateSummary(tx, workspaceId, folderId, templateId);
}

/**
 * The Template Library (company) or a team's Templates in one state (spec 2.5): the workspace's
 * tabs and the templates with their tabs; a team's list includes the library templates deployed
 * to it.
 */
export async function listTemplates(
  db: AppDb,
  access: AccessContext,
  target: TemplateFolder,
  state: TemplateListState,
): Promise<TemplateList> {
  const ctx = access;
  const companyId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const [tabs, rows] = [
      await tabsOf(tx, companyId),
      await queries.folderTemplateSummaries(tx, companyId, target.folderId, state, {
        withDeployedTo: target.kind === 'team',
      }),
    ];
    return {
      folder: { folderId: target.folderId, kind: target.kind },
      state,
      tabs,
      templates: rows.map((r) => toSummary(r, companyId)),
    };
  });
}

/** Get template by id (spec 7); `lightweight` leaves the definition out. */
export async function getTemplate(
  db: AppDb,
  access: AccessContext,
  templateId: string,
  lightweight: boolean,
): Promise<Template> {
  const ctx = await templateContext(db, access, templateId);
  return inScope(db, ctx.scope, (tx) =>
    fullTemplate(
      tx,
      ctx,
      templateId,
      ctx.home.path,
      !lightweight,
      summaryById(ctx.workspace.workspaceId, ctx.template.folderId, templateId),
    ),
  );
}

async function assertTabs(tx: Tx, workspaceId: string, tabIds: string[]): Promise<void> {
  const known = await existingTabIds(tx, workspaceId, tabIds);
  const missing = tabIds.find((id) => !known.has(id));
  if (missing) throw new AppError('tabNotFound', { meta: { tabId: missing } });
}

async function insertNew(
  tx: Tx,
  ctx: WorkspaceContext,
  folderId: string,
  body: { name: string; templateCode: string; formName: string; type: TemplateType; definition: TemplateDefinition },
): Promise<string> {
  const templateId = randomUUID();
  const workspaceId = ctx.workspace.workspaceId;
  await queries
    .insertTemplate(tx, {
      workspaceId,
      templateId,
      folderId,
      name: body.name,
      templateCode: body.templateCode,
      formName: body.formName,
      type: body.type,
      userId: ctx.user.userId,
    })
    .catch(codeTaken);
  await queries.insertVersion(tx, {
    workspaceId,
    templateId,
    version: 1,
    name: body.name,
    templateCode: body.templateCode,
    formName: body.formName,
    definition: body.definition,
    userId: ctx.user.userId,
  });
  await applyRegisterOrder(tx, { workspaceId, templateId, folderId, definition: body.definition }, ctx.user.userId);
  return templateId;
}

/**
 * A Template ID the workspace does not use yet: `code` itself, else the same prefix with the next
 * free number (SWMS-001 -> SWMS-002; a code without a number gets -2, -3, ...).
 */
async function freeTemplateCode(tx: Tx, workspaceId: string, code: string): Promise<string> {
  const numbered = /^(.*?)(\d+)$/.exec(code);
  const prefix = numbered ? (numbered[1] as string) : `${code}-`;
  const digits = numbered ? (numbered[2] as string) : '1';
  const taken = new Set((await queries.templateCodesStartingWith(tx, workspaceId, prefix)).map((c) => c.toLowerCase()));
  if (!taken.has(code.toLowerCase())) return code;
  for (let n = Number(digits) + 1; ; n++) {
    const candidate = `${prefix}${String(n).padStart(digits.length, '0')}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * Where a new template came from when it is not typed in the editor: a copy of a free library
 * template (issue 22.2) takes the next free Template ID rather than being refused, and its
 * created event names the library template.
 */
export type TemplateOrigin = { libraryTemplateId: string };

/** Create a template in the Template Library (company) or at a team, as version 1. */
export async function createTemplate(
  db: AppDb,
  access: AccessContext,
  target: TemplateFolder,
  body: TemplateCreate,
  origin?: TemplateOrigin,
): Promise<Template> {
  const ctx = access;
  if (ctx.folder.state !== 'active') {
    throw new AppError('conflict', { detail: 'Templates can only be created in an active folder.' });
  }
  assertValid(ctx, body);
  const tabIds = [...new Set(body.tabIds)];
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    await assertTabs(tx, workspaceId, tabIds);
    await assertLists(tx, workspaceId, ctx.folder, body.definition);
    const templateCode = origin ? await freeTemplateCode(tx, workspaceId, body.templateCode) : body.templateCode;
    const templateId = await insertNew(tx, ctx, target.folderId, { ...body, templateCode });
    await queries.linkTabs(tx, workspaceId, templateId, tabIds);
    await recordTemplateEvents(tx, [
      event(ctx, 'template.created', { templateId, name: body.name }, ctx.folder.path, {
        type: body.type,
        templateCode,
        ...origin,
      }),
    ]);
    return fullTemplate(
      tx,
      ctx,
      templateId,
      ctx.folder.path,
      true,
      summaryById(workspaceId, target.folderId, templateId),
    );
  });
}

/**
 * Save: a new immutable version, if nobody saved since `expectedVersion` (else 409 staleVersion).
 * Teams a library template is deployed to use it at once: they read the template's current version.
 */
export async function saveTemplate(
  db: AppDb,
  access: AccessContext,
  templateId: string,
  body: TemplateSave,
): Promise<Template> {
  const ctx = await templateContext(db, access, templateId);
  if (body.type && body.type !== ctx.template.type) {
    throw new AppError('validationFailed', { errors: [{ path: 'body.type', message: typeFixedMessage }] });
  }
  assertValid(ctx, { ...body, type: ctx.template.type });
  const workspaceId = ctx.workspace.workspaceId;
  let rekeying = false;
  const saved = await inScope(db, ctx.scope, async (tx) => {
    await assertLists(tx, workspaceId, ctx.home, body.definition);
    const row = await queries
      .bumpVersion(tx, workspaceId, templateId, body.expectedVersion, {
        name: body.name,
        templateCode: body.templateCode,
        formName: body.formName,
        userId: ctx.user.userId,
      })
      .catch(codeTaken);
    if (!row) {
      const current = await queries.locateTemplate(tx, workspaceId, templateId);
      if (!current) throw new AppError('templateNotFound');
      throw new AppError('staleVersion', { meta: { currentVersion: current.currentVersion } });
    }
    await queries.insertVersion(tx, {
      workspaceId,
      templateId,
      version: row.currentVersion,
      name: body.name,
      templateCode: body.templateCode,
      formName: body.formName,
      definition: body.definition,
      userId: ctx.user.userId,
    });
    const template = { workspaceId, templateId, folderId: ctx.template.folderId, definition: body.definition };
    rekeying = await applyRegisterOrder(tx, template, ctx.user.userId);
    await recordTemplateEvents(tx, [event(ctx, 'template.saved', row, ctx.home.path, { version: row.currentVersion })]);
    return fullTemplate(
      tx,
      ctx,
      templateId,
      ctx.home.path,
      true,
      summaryById(workspaceId, ctx.template.folderId, templateId),
    );
  });
  if (rekeying) jobQueued(db);
  return saved;
}

/** Clone into the same folder, optionally as another type (spec 4.1), with the same tabs. */
export async function cloneTemplate(
  db: AppDb,
  access: AccessContext,
  templateId: string,
  body: TemplateClone,
): Promise<Template> {
  const ctx = await templateContext(db, access, templateId);
  const workspaceId = ctx.workspace.workspaceId;
  const source = ctx.template;
  const type = body.type ?? source.type;
  return inScope(db, ctx.scope, async (tx) => {
    const stored = await queries.versionDefinition(tx, workspaceId, templateId, source.currentVersion);
    const definition = definitionForType(templateDefinitionSchema.parse(stored), type);
    const draft = {
      name: body.name,
      templateCode: body.templateCode,
      formName: body.formName ?? source.formName,
      type,
      definition,
    };
    assertValid(ctx, draft);
    const cloneId = await insertNew(tx, ctx, source.folderId, draft);
    await queries.linkTabs(tx, workspaceId, cloneId, await queries.tabIdsOf(tx, workspaceId, templateId));
    await recordTemplateEvents(tx, [
      event(ctx, 'template.cloned', { templateId: cloneId, name: draft.name }, ctx.home.path, {
        fromTemplateId: templateId,
        fromName: source.name,
        type,
      }),
    ]);
    return fullTemplate(tx, ctx, cloneId, ctx.home.path, true, summaryById(workspaceId, source.folderId, cloneId));
  });
}

export async function listVersions(db: AppDb, access: AccessContext, templateId: string) {
  const ctx: TemplateContext = await templateContext(db, access, templateId);
  const rows = await inScope(db, ctx.scope, (tx) => queries.versions(tx, ctx.workspace.workspaceId, templateId));
  return { templateId, versions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

export async function getVersion(db: AppDb, access: AccessContext, templateId: string, version: number) {
  const ctx = await templateContext(db, access, templateId);
  return inScope(db, ctx.scope, async (tx) => {
    const rows = await queries.versions(tx, ctx.workspace.workspaceId, templateId);
    const row = rows.find((r) => r.version === version);
    const stored = await queries.versionDefinition(tx, ctx.workspace.workspaceId, templateId, version);
    if (!row || stored === undefined)
      throw new AppError('notFound', { detail: 'This template version does not exist.' });
    return {
      ...row,
      templateId,
      createdAt: row.createdAt.toISOString(),
      definition: templateDefinitionSchema.parse(stored),
    };
  });
}
