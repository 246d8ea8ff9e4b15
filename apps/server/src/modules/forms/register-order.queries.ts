import type { RegisterSortKind } from '@formwork/shared/templates/register-order';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

/**
 * The SQL of a template's keyed fields and its forms' stored sort keys (0023_register_sort_keys.sql):
 * template_sort_fields lists the fields (the register order, and every field a register was sorted
 * by), triggers on forms keep every form's keys of them in form_sort_keys, and the
 * register.sortKeys job writes the keys of a field newly listed (or sorting another way) for the
 * forms that were there before.
 */

export type SortField = { fieldId: string; kind: RegisterSortKind };

/**
 * Brings the template's keyed fields in line with its definition, in the caller's transaction (every
 * template create, save and clone): a field no longer sortable is dropped (its keys are left for the
 * job to delete), a field that sorts another way is keyed again, and `ensure` (the register order)
 * is keyed. A template without forms has every key it needs at once. Answers whether the job has work.
 */
export async function setTemplateSortFields(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  sortable: SortField[],
  ensure: SortField | null,
): Promise<{ rekey: boolean }> {
  const wanted = JSON.stringify(sortable.map((f) => ({ field_id: f.fieldId, kind: f.kind })));
  const result = await tx.execute<{ has_forms: boolean; removed: boolean; changed: boolean }>(sql`
    with wanted as (
      select * from jsonb_to_recordset(${wanted}::jsonb) as w(field_id text, kind text)
    ), has_forms as (
      select exists (select 1 from forms where workspace_id = ${workspaceId} and template_id = ${templateId}) as yes
    ), removed as (
      delete from template_sort_fields s
       where s.workspace_id = ${workspaceId} and s.template_id = ${templateId}
         and not exists (select 1 from wanted w where w.field_id = s.field_id)
      returning 1
    ), changed as (
      update template_sort_fields s set kind = w.kind, keyed = not (select yes from has_forms)
        from wanted w
       where s.workspace_id = ${workspaceId} and s.template_id = ${templateId}
         and s.field_id = w.field_id and s.kind <> w.kind
      returning 1
    )
    select (select yes from has_forms) as has_forms, exists (select 1 from removed) as removed,
           exists (select 1 from changed) as changed`);
  const row = result.rows[0];
  const hasForms = row?.has_forms === true;
  const added = ensure ? await addSortField(tx, workspaceId, templateId, ensure, !hasForms) : false;
  return { rekey: hasForms && (row?.removed === true || row?.changed === true || added) };
}

/** Lists `field` among the template's keyed fields; answers whether it was not listed yet. */
export async function addSortField(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  field: SortField,
  keyed: boolean,
): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into template_sort_fields (workspace_id, template_id, field_id, kind, keyed)
    values (${workspaceId}, ${templateId}, ${field.fieldId}, ${field.kind}, ${keyed})
    on conflict do nothing
    returning 1`);
  return result.rows.length > 0;
}

/** Whether the template has forms (a field listed for a template without forms is keyed at once). */
export async function templateHasForms(tx: Tx, workspaceId: string, templateId: string): Promise<boolean> {
  const result = await tx.execute<{ yes: boolean }>(sql`
    select exists (select 1 from forms where workspace_id = ${workspaceId} and template_id = ${templateId}) as yes`);
  return result.rows[0]?.yes === true;
}

/** The field's entry among the template's keyed fields: absent, waiting for the job, or keyed. */
export async function sortFieldState(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  field: SortField,
): Promise<'absent' | 'waiting' | 'keyed'> {
  const result = await tx.execute<{ keyed: boolean; kind: string }>(sql`
    select keyed, kind from template_sort_fields
     where workspace_id = ${workspaceId} and template_id = ${templateId} and field_id = ${field.fieldId}`);
  const row = result.rows[0];
  if (!row) return 'absent';
  return row.keyed && row.kind === field.kind ? 'keyed' : 'waiting';
}

/** The fields whose keys the job writes. */
export async function unkeyedSortFields(tx: Tx, workspaceId: string, templateId: string): Promise<SortField[]> {
  const result = await tx.execute<{ field_id: string; kind: RegisterSortKind }>(sql`
    select field_id, kind from template_sort_fields
     where workspace_id = ${workspaceId} and template_id = ${templateId} and not keyed`);
  return result.rows.map((r) => ({ fieldId: r.field_id, kind: r.kind }));
}

/**
 * Waits for the template's form creations in flight (each holds its counter row until it commits):
 * a form created after this keys every field the template lists now.
 */
export async function waitForCreations(tx: Tx, workspaceId: string, templateId: string): Promise<void> {
  await tx.execute(sql`
    select 1 from form_counters where workspace_id = ${workspaceId} and template_id = ${templateId} for update`);
}

/**
 * Writes the keys of every listed field not keyed yet (and deletes those of fields no longer listed) for up to
 * `limit` forms of the template after form number `afterNumber`, locking them first so a save in
 * flight finishes before (a later save's trigger sees the listed fields). Answers the last number
 * seen (null when none was left).
 */
export async function keyBatch(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  afterNumber: number,
  limit: number,
): Promise<number | null> {
  const result = await tx.execute<{ last: number | null }>(sql`
    with batch as (
      select workspace_id, form_id, number, template_id, folder_id, state, field_values from forms
       where workspace_id = ${workspaceId} and template_id = ${templateId} and number > ${afterNumber}
       order by number limit ${limit}
       for update
    ), kept as (
      select * from batch where state <> 'deleted'
    ), fields as (
      select field_id, kind, keyed from template_sort_fields
       where workspace_id = ${workspaceId} and template_id = ${templateId}
    ), written as (
      insert into form_sort_keys as k (workspace_id, form_id, field_id, template_id, folder_id, state, num, txt)
      select b.workspace_id, b.form_id, s.field_id, b.template_id, b.folder_id, b.state,
             case when s.kind = 'number' then form_sort_number(b.field_values, s.field_id) end,
             case when s.kind <> 'number' then form_sort_text(b.field_values, s.field_id, s.kind) end
        from kept b join fields s on not s.keyed
      on conflict (workspace_id, form_id, field_id) do update
        set folder_id = excluded.folder_id, state = excluded.state, num = excluded.num, txt = excluded.txt
    ), removed as (
      delete from form_sort_keys k using batch b
       where k.workspace_id = b.workspace_id and k.form_id = b.form_id
         and (b.state = 'deleted' or not exists (select 1 from fields s where s.field_id = k.field_id))
    )
    select max(number) as last from batch`);
  const last = result.rows[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}

/** Marks the fields the job started with as keyed (unless the template changed their kind since). */
export async function markSortFieldsKeyed(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  fields: SortField[],
): Promise<void> {
  const keyed = JSON.stringify(fields.map((f) => ({ field_id: f.fieldId, kind: f.kind })));
  await tx.execute(sql`
    update template_sort_fields s set keyed = true
      from jsonb_to_recordset(${keyed}::jsonb) as k(field_id text, kind text)
     where s.workspace_id = ${workspaceId} and s.template_id = ${templateId}
       and s.field_id = k.field_id and s.kind = k.kind`);
}
