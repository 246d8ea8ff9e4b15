import { type Field, fieldTypeLabels } from '@formwork/shared/fields/field';
import { encodeCursor } from '@formwork/shared/schemas/cursor';
import {
  type FormRow,
  type FormSource,
  parseRegisterFilter,
  type RegisterPage,
  type RegisterQuery,
  registerMetadataKeys,
  registerSortMetadataKeys,
  type TimelineQuery,
} from '@formwork/shared/schemas/forms';
import { isListedField, registerSortKind } from '@formwork/shared/templates/register-order';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import type { SQL } from 'drizzle-orm';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { jobQueued } from '../../jobs/runner.ts';
import { parseDefinition, type TeamContext } from './form-model.ts';
import { type FormRecord, templateForTeam } from './forms.queries.ts';
import * as queries from './register.queries.ts';
import { withStoredSortKeys } from './register-order.service.ts';
import { valueNames } from './value-names.service.ts';

export function listedFields(definition: TemplateDefinition): Field[] {
  return definition.fields.filter(isListedField);
}

const metadataLabels: Record<(typeof registerMetadataKeys)[number], [string, string]> = {
  number: ['Number', 'integer'],
  title: ['Title', 'text'],
  state: ['State', 'text'],
  createdAt: ['Created', 'dateTime'],
  updatedAt: ['Updated', 'dateTime'],
  createdBy: ['Created by', 'user'],
  updatedBy: ['Updated by', 'user'],
  workflowColumn: ['Workflow column', 'integer'],
};

export function registerColumns(definition: TemplateDefinition, isWorkflow: boolean): RegisterPage['columns'] {
  const metadata = registerMetadataKeys
    .filter((key) => key !== 'workflowColumn' || isWorkflow)
    .map((key) => ({
      key,
      label: (metadataLabels[key] as [string, string])[0],
      kind: 'metadata' as const,
      type: (metadataLabels[key] as [string, string])[1],
      sortable: (registerSortMetadataKeys as readonly string[]).includes(key),
    }));
  const fields = listedFields(definition).map((f) => ({
    key: `field:${f.id}`,
    label: f.label || fieldTypeLabels[f.type],
    kind: 'field' as const,
    type: f.type,
    sortable: registerSortKind(f) !== null,
  }));
  return [...metadata, ...fields];
}

type Options = Pick<RegisterQuery, 'state' | 'sort' | 'direction' | 'filter'>;

/** The register's SQL scope for the query, checked against the definition (unknown fields: 400). */
export function registerScope(
  ids: { workspaceId: string; teamId: string; templateId: string },
  definition: TemplateDefinition,
  options: Options,
): queries.RegisterScope {
  const fields = new Map(listedFields(definition).map((f) => [f.id, f]));
  const problems: { path: string; message: string }[] = [];
  let sort: queries.SortSpec;
  if (options.sort.startsWith('field:')) {
    const field = fields.get(options.sort.slice(6));
    const kind = field && registerSortKind(field);
    if (!field || !kind) {
      problems.push({ path: 'sort', message: 'This field cannot be sorted' });
      sort = queries.metadataSortSpec('updatedAt');
    } else sort = queries.fieldSortSpec(field.id, kind);
  } else sort = queries.metadataSortSpec(options.sort as 'updatedAt');
  const { filters, problems: filterProblems } = formFilters(definition, options.filter, 'filter');
  problems.push(...filterProblems);
  if (problems.length > 0) throw new AppError('validationFailed', { errors: problems });
  return { ...ids, state: options.state, filters, sort, direction: options.direction };
}

/**
 * Register filters (`key:op:value`, see parseRegisterFilter) as SQL conditions on the forms `f`,
 * checked against the template's listed fields; each one that names an unknown field or holds a
 * value that does not fit is a problem at `<path>.<index>`. Charts filter with the same words.
 */
export function formFilters(
  definition: TemplateDefinition,
  texts: readonly string[],
  path: string,
): { filters: SQL[]; problems: { path: string; message: string }[] } {
  const fields = new Map(listedFields(definition).map((f) => [f.id, f]));
  const filters: SQL[] = [];
  const problems: { path: string; message: string }[] = [];
  texts.forEach((text, index) => {
    const filter = parseRegisterFilter(text);
    const field = filter?.field ? fields.get(filter.key) : undefined;
    const condition = !filter
      ? null
      : filter.field
        ? field
          ? queries.fieldFilterSql(field, filter)
          : null
        : queries.metadataFilterSql(filter);
    if (condition) filters.push(condition);
    else problems.push({ path: `${path}.${index}`, message: 'Unknown field or a value that does not fit' });
  });
  return { filters, problems };
}

export function pickValues(values: Record<string, unknown>, columns: string[] | undefined) {
  if (!columns) return values;
  const picked: Record<string, unknown> = {};
  for (const id of columns) if (id in values) picked[id] = values[id];
  return picked;
}

export function toRow(record: FormRecord & { source: FormSource }, columns: string[] | undefined): FormRow {
  return {
    formId: record.formId,
    templateId: record.templateId,
    number: record.number,
    title: record.title,
    state: record.state,
    workflowColumn: record.workflowColumn,
    version: record.version,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedBy: record.updatedBy,
    updatedAt: record.updatedAt,
    values: pickValues(record.values, columns),
    source: record.source,
  };
}

/** The template a team lists forms of, verified (404 when the team cannot see it). */
export async function seenTemplate(tx: Tx, ctx: TeamContext, templateId: string) {
  const template = await templateForTeam(tx, ctx.workspace.workspaceId, ctx.folder.folderId, templateId);
  if (!template) throw new AppError('formTemplateUnavailable');
  const definition = parseDefinition(ctx.workspace.workspaceId, templateId, template.version, template.definition);
  return { template, definition };
}

/** One page of a template's register in a team: sorted, filtered, keyset-paged. */
export async function getRegister(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  templateId: string,
  query: RegisterQuery,
): Promise<RegisterPage> {
  const ctx = access;
  const after = query.cursor ? { key: query.cursor[1], formId: query.cursor[2] } : undefined;
  const columns = query.columns ? query.columns.split(',').filter(Boolean) : undefined;
  let queued = false;
  const page = await inScope(db, ctx.scope, async (tx) => {
    const { template, definition } = await seenTemplate(tx, ctx, templateId);
    const ids = { workspaceId: ctx.workspace.workspaceId, teamId, templateId };
    const sorted = await withStoredSortKeys(
      tx,
      registerScope(ids, definition, query),
      definition,
      query.sort,
      ctx.user.userId,
    );
    queued = sorted.queued;
    const scope = sorted.scope;
    const rows = await queries.registerPage(tx, scope, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const shown = page.map((r) => toRow(r, columns));
    const names = await valueNames(tx, ctx.workspace.workspaceId, listedFields(definition), shown);
    return {
      columns: registerColumns(definition, template.type === 'workflow'),
      rows: shown,
      people: Object.fromEntries(names.people),
      formTitles: Object.fromEntries(names.formTitles),
      timeZone: ctx.workspace.timeZone,
      nextCursor: rows.length > query.limit && last ? encodeCursor([query.sort, last.sortKey, last.formId]) : null,
    };
  });
  if (queued) jobQueued(db);
  return page;
}

/** The team's timeline: forms of its Timeline templates (or one template's), newest first. */
export async function getTimeline(db: AppDb, access: AccessContext, teamId: string, query: TimelineQuery) {
  const ctx = access;
  const after = query.cursor ? { key: query.cursor[0], formId: query.cursor[1] } : undefined;
  return inScope(db, ctx.scope, async (tx) => {
    if (query.templateId) await seenTemplate(tx, ctx, query.templateId);
    const rows = await queries.timelinePage(tx, {
      workspaceId: ctx.workspace.workspaceId,
      teamId,
      templateId: query.templateId,
      state: query.state,
      after,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      forms: page.map((r) => ({ ...toRow(r, undefined), templateName: r.templateName, templateType: r.templateType })),
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.sortKey, last.formId]) : null,
    };
  });
}
