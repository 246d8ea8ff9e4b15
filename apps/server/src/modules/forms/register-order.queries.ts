import type { RegisterSortKind } from '@formwork/shared/templates/register-order';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

/**
 * The SQL of register orders (0014_register_order.sql): the template's sort field, the forms'
 * stored sort keys and their re-keying. A source is 'kind:fieldId', as the trigger writes it.
 */

export function sortKeySource(fieldId: string, kind: RegisterSortKind): string {
  return `${kind}:${fieldId}`;
}

/**
 * Sets the template's register sort field; answers whether it changed and the template has forms
 * whose stored keys must follow (the re-key job's work).
 */
export async function setTemplateSortField(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  sort: { fieldId: string; kind: RegisterSortKind } | null,
): Promise<{ rekey: boolean }> {
  const result = await tx.execute<{ has_forms: boolean }>(sql`
    update templates set register_sort_field = ${sort?.fieldId ?? null}, register_sort_kind = ${sort?.kind ?? null}
     where workspace_id = ${workspaceId} and template_id = ${templateId}
       and (register_sort_field, register_sort_kind) is distinct from (${sort?.fieldId ?? null}, ${sort?.kind ?? null})
    returning exists (select 1 from forms where workspace_id = ${workspaceId} and template_id = ${templateId}) as has_forms`);
  return { rekey: result.rows[0]?.has_forms === true };
}

/**
 * Whether every form of the register (team, template, state) has its key stored for `source`: its
 * smallest and largest source (nulls first) are both `source`. Two one-row walks of
 * forms_register_sort_idx, whatever plan the statement gets (a bound inequality would not do).
 */
export async function sortKeysCurrent(
  tx: Tx,
  register: { workspaceId: string; templateId: string; teamId: string; state: string },
  source: string,
): Promise<boolean> {
  const prefix = sql`f.workspace_id = ${register.workspaceId} and f.template_id = ${register.templateId}
    and f.folder_id = ${register.teamId} and f.state = ${register.state}`;
  const result = await tx.execute<{ smallest: string | null; largest: string | null }>(sql`
    select (select f.sort_key_source from forms f where ${prefix}
             order by f.sort_key_source asc nulls last limit 1) as smallest,
           (select f.sort_key_source from forms f where ${prefix}
             order by f.sort_key_source desc nulls first limit 1) as largest`);
  const row = result.rows[0];
  return row?.smallest === source && row.largest === source;
}

/**
 * Stores the keys of up to `limit` forms of the template after form number `afterNumber`, for the
 * template's current sort field; answers the last number seen (null when none was left).
 */
export async function rekeyBatch(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  afterNumber: number,
  limit: number,
): Promise<number | null> {
  const result = await tx.execute<{ last: number | null }>(sql`
    with sort as (
      select register_sort_field as field, register_sort_kind as kind from templates
       where workspace_id = ${workspaceId} and template_id = ${templateId}
    ), batch as (
      select form_id, number from forms
       where workspace_id = ${workspaceId} and template_id = ${templateId} and number > ${afterNumber}
       order by number limit ${limit}
    ), rekeyed as (
      update forms f
         set sort_key_source = sort.kind || ':' || sort.field,
             sort_key = case when sort.field is null then null else register_sort_key(f.field_values, sort.field, sort.kind) end
        from batch, sort
       where f.workspace_id = ${workspaceId} and f.form_id = batch.form_id
         and f.sort_key_source is distinct from sort.kind || ':' || sort.field
    )
    select max(number) as last from batch`);
  const last = result.rows[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}
