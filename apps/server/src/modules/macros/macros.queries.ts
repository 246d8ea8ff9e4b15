import type { Macro } from '@formwork/shared/schemas/macros';
import { sql } from 'drizzle-orm';
import { type Int, iso, type Timestamp } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

/** Explicit SQL of form macros (0070_form_macros.sql). A macro is always found through its template. */

type MacroRow = {
  macro_id: string;
  template_id: string;
  name: string;
  url: string;
  secret: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

function toMacro(r: MacroRow): Macro {
  return {
    id: r.macro_id,
    templateId: r.template_id,
    name: r.name,
    url: r.url,
    secret: r.secret,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

const columns = sql`macro_id, template_id, name, url, secret, created_at, updated_at`;

export async function macrosOfTemplate(tx: Tx, workspaceId: string, templateId: string): Promise<Macro[]> {
  const result = await tx.execute<MacroRow>(sql`
    select ${columns} from template_macros
     where workspace_id = ${workspaceId} and template_id = ${templateId}
     order by lower(name), created_at`);
  return result.rows.map(toMacro);
}

export async function macroOfTemplate(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  macroId: string,
): Promise<Macro | undefined> {
  const result = await tx.execute<MacroRow>(sql`
    select ${columns} from template_macros
     where workspace_id = ${workspaceId} and template_id = ${templateId} and macro_id = ${macroId}`);
  const [row] = result.rows;
  return row && toMacro(row);
}

export async function countMacros(tx: Tx, workspaceId: string, templateId: string): Promise<number> {
  const result = await tx.execute<{ n: Int }>(sql`
    select count(*)::int as n from template_macros where workspace_id = ${workspaceId} and template_id = ${templateId}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The template's name (for its Activity entries), or nothing when it is not of the workspace. */
export async function templateName(tx: Tx, workspaceId: string, templateId: string): Promise<string | undefined> {
  const result = await tx.execute<{ name: string }>(sql`
    select name from templates where workspace_id = ${workspaceId} and template_id = ${templateId}`);
  return result.rows[0]?.name;
}

export async function insertMacro(
  tx: Tx,
  macro: {
    workspaceId: string;
    templateId: string;
    macroId: string;
    name: string;
    url: string;
    secret: string;
    userId: string;
  },
) {
  await tx.execute(sql`
    insert into template_macros (workspace_id, template_id, macro_id, name, url, secret, created_by)
    values (${macro.workspaceId}, ${macro.templateId}, ${macro.macroId}, ${macro.name}, ${macro.url},
            ${macro.secret}, ${macro.userId})`);
}

export async function updateMacro(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  macroId: string,
  macro: { name: string; url: string },
) {
  await tx.execute(sql`
    update template_macros set name = ${macro.name}, url = ${macro.url}, updated_at = now()
     where workspace_id = ${workspaceId} and template_id = ${templateId} and macro_id = ${macroId}`);
}

export async function deleteMacro(tx: Tx, workspaceId: string, templateId: string, macroId: string) {
  await tx.execute(sql`
    delete from template_macros
     where workspace_id = ${workspaceId} and template_id = ${templateId} and macro_id = ${macroId}`);
}
