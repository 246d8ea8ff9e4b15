import type { Field } from '@formwork/shared/fields/field';
import type { FormSource, RegisterFilter } from '@formwork/shared/schemas/forms';
import type { RegisterSortKind } from '@formwork/shared/templates/register-order';
import type { TemplateType } from '@formwork/shared/templates/template-definition';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';
import { type FormRecord, type FormRow, formColumns, toFormRecord } from './forms.queries.ts';

/**
 * Registers and the timeline: keyset-paged lists of forms. Sorting is by a metadata column (with
 * an index per sort, see 0007_forms.sql) or by one field's value: read from the form's stored sort
 * keys (form_sort_keys, one indexed row per form and sortable field, 0023_register_sort_keys.sql)
 * or, while a field's keys are being written, computed from every form's values (a scan). The
 * sort key is selected as text and cast back in the cursor, so the keyset never loses precision
 * (timestamps keep microseconds).
 */

/**
 * How a page is ordered. `keyText` is the sort key as the cursor carries it, `keyValue` turns the
 * cursor's text back into the sort's type; `from` and `where` join and narrow to the rows the
 * order is read from (the stored keys).
 */
export type SortSpec = {
  expr: SQL;
  /**
   * The tiebreak's form id: the stored keys' own (k.form_id), so the keyset row comparison
   * `(k.num, k.form_id) < (…)` is one index condition; f.form_id there would be a filter, and a
   * deep page would walk the index from its start.
   */
  id?: SQL;
  keyText: SQL;
  keyValue: (key: string) => SQL;
  tiebreak: boolean;
  from?: SQL;
  where?: SQL;
};

/** A field's sort key travels as JSON text (a number, or a string: text keys and -Infinity). */
function fieldKeys(expr: SQL, kind: RegisterSortKind): Pick<SortSpec, 'expr' | 'keyText' | 'keyValue'> {
  const type = kind === 'number' ? sql`float8` : sql`text`;
  return {
    expr,
    keyText: sql`to_jsonb(${expr})::text`,
    keyValue: (key) => sql`(${key}::jsonb #>> '{}')::${type}`,
  };
}

/** A field's value as the register sorts it, computed from every form's values (a scan). */
export function fieldSortSpec(fieldId: string, kind: RegisterSortKind): SortSpec {
  // The kind is a literal (one of four words), so the planner folds the function's case away.
  const expr =
    kind === 'number'
      ? sql`form_sort_number(f.field_values, ${fieldId})`
      : sql`form_sort_text(f.field_values, ${fieldId}, ${sql.raw(`'${kind}'`)})`;
  return { ...fieldKeys(expr, kind), tiebreak: true };
}

/**
 * The same order read from the forms' stored keys: a walk of form_sort_keys_number_idx or
 * form_sort_keys_text_idx (equalities on leakproof btree operators, so row-level security keeps
 * them as index conditions), joined to each form by its primary key.
 */
export function storedSortSpec(
  register: { workspaceId: string; templateId: string; teamId: string; state: 'active' | 'archived' },
  fieldId: string,
  kind: RegisterSortKind,
): SortSpec {
  const column = kind === 'number' ? sql`k.num` : sql`k.txt`;
  return {
    ...fieldKeys(column, kind),
    tiebreak: true,
    id: sql`k.form_id`,
    from: sql`join form_sort_keys k on k.workspace_id = f.workspace_id and k.form_id = f.form_id`,
    where: sql`k.workspace_id = ${register.workspaceId} and k.template_id = ${register.templateId}
      and k.folder_id = ${register.teamId} and k.state = ${register.state} and k.field_id = ${fieldId}
      and ${column} is not null`,
  };
}

/** Metadata keys travel as the database writes them. */
function metadataKeys(expr: SQL, type: SQL): Pick<SortSpec, 'expr' | 'keyText' | 'keyValue'> {
  return { expr, keyText: sql`(${expr})::text`, keyValue: (key) => sql`${key}::${type}` };
}

export function metadataSortSpec(key: 'updatedAt' | 'createdAt' | 'number' | 'state'): SortSpec {
  switch (key) {
    case 'updatedAt':
      return { ...metadataKeys(sql`f.updated_at`, sql`timestamptz`), tiebreak: true };
    case 'createdAt':
      return { ...metadataKeys(sql`f.created_at`, sql`timestamptz`), tiebreak: true };
    case 'number':
      // Unique per template: no tiebreak needed, and the number index serves the order alone.
      return { ...metadataKeys(sql`f.number`, sql`integer`), tiebreak: false };
    case 'state':
      return { ...metadataKeys(sql`f.state`, sql`text`), tiebreak: true };
  }
}

const numericTypes: readonly Field['type'][] = ['number', 'formula'];

function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const arrayTypes: readonly Field['type'][] = ['multipleChoice', 'list', 'person', 'relationship'];

function fieldEquals(field: Field, value: string): SQL {
  const id = field.id;
  let json: unknown;
  // A list field keeps snapshots of its items (issue 18.5): an item id finds the item, other text its label.
  if (field.type === 'list') json = [uuidPattern.test(value) ? { itemId: value } : { label: value }];
  else if (arrayTypes.includes(field.type)) json = [value];
  else if (field.type === 'yesNo' || field.type === 'yesNoNa') json = { answer: value };
  else if (numericTypes.includes(field.type) && value.trim() !== '' && Number.isFinite(Number(value)))
    json = Number(value);
  else json = value;
  return sql`(f.field_values -> ${id}) @> ${JSON.stringify(json)}::jsonb`;
}

/** A filter on one field's value. */
export function fieldFilterSql(field: Field, filter: RegisterFilter): SQL {
  const id = field.id;
  const text = sql`(f.field_values ->> ${id})`;
  const number = sql`(case when jsonb_typeof(f.field_values -> ${id}) = 'number' then (f.field_values ->> ${id})::numeric end)`;
  const numeric = numericTypes.includes(field.type);
  const compare = (op: SQL) => {
    if (numeric) {
      const n = Number(filter.value);
      return Number.isFinite(n) ? sql`${number} ${op} ${n}` : sql`false`;
    }
    return sql`${text} ${op} ${filter.value}`;
  };
  switch (filter.op) {
    case 'eq':
      return fieldEquals(field, filter.value);
    case 'ne':
      return sql`not (${fieldEquals(field, filter.value)})`;
    case 'contains':
      return sql`${text} ilike ${likePattern(filter.value)}`;
    case 'gt':
      return compare(sql`>`);
    case 'gte':
      return compare(sql`>=`);
    case 'lt':
      return compare(sql`<`);
    case 'lte':
      return compare(sql`<=`);
    case 'empty':
      return sql`not jsonb_exists(f.field_values, ${id})`;
    case 'notEmpty':
      return sql`jsonb_exists(f.field_values, ${id})`;
  }
}

const metadataColumns: Record<string, { column: SQL; kind: 'text' | 'int' | 'time' | 'uuid' }> = {
  number: { column: sql`f.number`, kind: 'int' },
  title: { column: sql`f.title`, kind: 'text' },
  state: { column: sql`f.state`, kind: 'text' },
  createdAt: { column: sql`f.created_at`, kind: 'time' },
  updatedAt: { column: sql`f.updated_at`, kind: 'time' },
  createdBy: { column: sql`f.created_by`, kind: 'uuid' },
  updatedBy: { column: sql`f.updated_by`, kind: 'uuid' },
  workflowColumn: { column: sql`f.workflow_column`, kind: 'int' },
};

/** A filter on metadata; null when the value cannot be of that kind (answered as a 400). */
export function metadataFilterSql(filter: RegisterFilter): SQL | null {
  const meta = metadataColumns[filter.key];
  if (!meta) return null;
  const { column, kind } = meta;
  if (filter.op === 'empty') return sql`${column} is null`;
  if (filter.op === 'notEmpty') return sql`${column} is not null`;
  let value: SQL;
  if (kind === 'int') {
    if (!/^-?\d{1,9}$/.test(filter.value)) return null;
    value = sql`${Number(filter.value)}::integer`;
  } else if (kind === 'time') {
    if (Number.isNaN(Date.parse(filter.value))) return null;
    value = sql`${new Date(filter.value).toISOString()}::timestamptz`;
  } else if (kind === 'uuid') {
    if (!/^[0-9a-f-]{36}$/i.test(filter.value) || !['eq', 'ne'].includes(filter.op)) return null;
    value = sql`${filter.value}::uuid`;
  } else value = sql`${filter.value}`;
  switch (filter.op) {
    case 'eq':
      return sql`${column} = ${value}`;
    case 'ne':
      return sql`${column} is distinct from ${value}`;
    case 'contains':
      return kind === 'text' ? sql`${column} ilike ${likePattern(filter.value)}` : null;
    case 'gt':
      return sql`${column} > ${value}`;
    case 'gte':
      return sql`${column} >= ${value}`;
    case 'lt':
      return sql`${column} < ${value}`;
    case 'lte':
      return sql`${column} <= ${value}`;
  }
}

export type RegisterScope = {
  workspaceId: string;
  teamId: string;
  templateId: string;
  state: 'active' | 'archived';
  filters: SQL[];
  sort: SortSpec;
  direction: 'asc' | 'desc';
};

/** Where the page starts: the previous page's last sort key and form id. */
export type Keyset = { key: string; formId: string };

/**
 * The limit is written into the statement, not bound: a prepared statement's generic plan does not
 * know a bound limit and would sort every row rather than walk the sort's index for a page.
 */
/** A form's source when it came through a submission link (issue 21): the link and submitter as given. */
const sourceJoin = sql`left join link_submissions ls on ls.workspace_id = f.workspace_id and ls.form_id = f.form_id`;
const sourceColumns = sql`ls.link_name as source_link, ls.submitter_name as source_submitter`;
export type SourceRow = { source_link: string | null; source_submitter: string | null };
export function sourceOf(r: SourceRow): FormSource {
  return r.source_link === null ? null : { link: r.source_link, submitterName: r.source_submitter };
}

export function registerSelect(scope: RegisterScope, after: Keyset | undefined, limit: number | null): SQL {
  const { sort, direction } = scope;
  const dir = direction === 'desc' ? sql`desc` : sql`asc`;
  const cmp = direction === 'desc' ? sql`<` : sql`>`;
  const id = sort.id ?? sql`f.form_id`;
  let keyset = sql``;
  if (after) {
    const key = sort.keyValue(after.key);
    keyset = sort.tiebreak
      ? sql`and (${sort.expr}, ${id}) ${cmp} (${key}, ${after.formId}::uuid)`
      : sql`and ${sort.expr} ${cmp} ${key}`;
  }
  const filters = [...(sort.where ? [sort.where] : []), ...scope.filters].map((f) => sql` and ${f}`);
  return sql`
    select ${formColumns}, ${sourceColumns}, ${sort.keyText} as sort_key
      from forms f ${sourceJoin} ${sort.from ?? sql``}
     where f.workspace_id = ${scope.workspaceId} and f.template_id = ${scope.templateId}
       and f.folder_id = ${scope.teamId} and f.state = ${scope.state}
       ${sql.join(filters)} ${keyset}
     order by ${sort.expr} ${dir}${sort.tiebreak ? sql`, ${id} ${dir}` : sql``}
     ${limit === null ? sql`` : sql.raw(`limit ${Math.trunc(limit)}`)}`;
}

export async function registerPage(
  tx: Tx,
  scope: RegisterScope,
  after: Keyset | undefined,
  limit: number,
): Promise<(FormRecord & { sortKey: string; source: FormSource })[]> {
  const result = await tx.execute<FormRow & SourceRow & { sort_key: string }>(registerSelect(scope, after, limit));
  return result.rows.map((r) => ({ ...toFormRecord(r), sortKey: String(r.sort_key), source: sourceOf(r) }));
}

/** The timeline of a team: forms of its Timeline templates (or of one template), newest first. */
export async function timelinePage(
  tx: Tx,
  options: {
    workspaceId: string;
    teamId: string;
    templateId: string | undefined;
    state: 'active' | 'archived';
    after: Keyset | undefined;
    limit: number;
  },
): Promise<(FormRecord & { sortKey: string; templateName: string; templateType: TemplateType; source: FormSource })[]> {
  const which = options.templateId ? sql`and f.template_id = ${options.templateId}` : sql`and t.type = 'timeline'`;
  const keyset = options.after
    ? sql`and (f.updated_at, f.form_id) < (${options.after.key}::timestamptz, ${options.after.formId}::uuid)`
    : sql``;
  const result = await tx.execute<
    FormRow & SourceRow & { sort_key: string; template_name: string; template_type: TemplateType }
  >(sql`
    select ${formColumns}, ${sourceColumns}, f.updated_at::text as sort_key, t.name as template_name,
           t.type as template_type
      from forms f ${sourceJoin}
      join templates t on t.workspace_id = f.workspace_id and t.template_id = f.template_id and t.state <> 'deleted'
     where f.workspace_id = ${options.workspaceId} and f.folder_id = ${options.teamId} and f.state = ${options.state}
       ${which} ${keyset}
     order by f.updated_at desc, f.form_id desc
     limit ${options.limit}`);
  return result.rows.map((r) => ({
    ...toFormRecord(r),
    sortKey: String(r.sort_key),
    templateName: r.template_name,
    templateType: r.template_type,
    source: sourceOf(r),
  }));
}
