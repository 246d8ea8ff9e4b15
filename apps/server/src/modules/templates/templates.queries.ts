import type { TemplateDefinition, TemplateType } from '@formwork/shared/templates/template-definition';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { folders, templates, templateTabLinks, templateVersions } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export type TemplateState = 'active' | 'archived' | 'deleted';

export type TemplateRow = {
  templateId: string;
  folderId: string;
  name: string;
  templateCode: string;
  formName: string;
  type: TemplateType;
  state: TemplateState;
  currentVersion: number;
  updatedAt: Date;
};

/** A template with the folder it lives in (kind and parent, to build its path). */
export type LocatedTemplate = TemplateRow & {
  folderKind: 'company' | 'project' | 'team';
  folderParentId: string | null;
  folderState: TemplateState;
};

const rowColumns = {
  templateId: templates.templateId,
  folderId: templates.folderId,
  name: templates.name,
  templateCode: templates.templateCode,
  formName: templates.formName,
  type: templates.type,
  state: templates.state,
  currentVersion: templates.currentVersion,
  updatedAt: templates.updatedAt,
};

/** Outside any workspace (lookup policy): the workspace of a template id, unless deleted. */
export async function workspaceOfTemplate(tx: Tx, templateId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ workspaceId: templates.workspaceId })
    .from(templates)
    .where(and(eq(templates.templateId, templateId), ne(templates.state, 'deleted')))
    .limit(1);
  return row?.workspaceId;
}

export async function locateTemplate(
  tx: Tx,
  workspaceId: string,
  templateId: string,
): Promise<LocatedTemplate | undefined> {
  const [row] = await tx
    .select({
      ...rowColumns,
      folderKind: folders.kind,
      folderParentId: folders.parentId,
      folderState: folders.state,
    })
    .from(templates)
    .innerJoin(folders, and(eq(folders.workspaceId, templates.workspaceId), eq(folders.folderId, templates.folderId)))
    .where(
      and(eq(templates.workspaceId, workspaceId), eq(templates.templateId, templateId), ne(templates.state, 'deleted')),
    );
  return row;
}

/** Templates of a folder by id (state changes): only those living in that folder, not deleted. */
export async function templatesInFolder(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  ids: string[],
): Promise<TemplateRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(rowColumns)
    .from(templates)
    .where(
      and(
        eq(templates.workspaceId, workspaceId),
        eq(templates.folderId, folderId),
        inArray(templates.templateId, ids),
        ne(templates.state, 'deleted'),
      ),
    );
}

export type SummaryRow = TemplateRow & { tabIds: string[]; deployedTeamIds: string[]; reachedByDeployment: boolean };

type RawSummary = {
  template_id: string;
  folder_id: string;
  name: string;
  template_code: string;
  form_name: string;
  type: TemplateType;
  state: TemplateState;
  current_version: number;
  updated_at: string | Date;
  tab_ids: string[] | string;
  team_ids: string[] | string;
  deployed: boolean;
};

function jsonArray(value: string[] | string): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : value;
}

function summarySelect(workspaceId: string, folderId: string, where: SQL) {
  return sql`
    select t.template_id, t.folder_id, t.name, t.template_code, t.form_name, t.type, t.state,
           t.current_version, t.updated_at,
           coalesce((select json_agg(l.tab_id order by l.tab_id) from template_tab_links l
                      where l.workspace_id = t.workspace_id and l.template_id = t.template_id), '[]') as tab_ids,
           coalesce((select json_agg(d.team_id order by d.team_id) from template_deployments d
                      where d.workspace_id = t.workspace_id and d.template_id = t.template_id), '[]') as team_ids,
           t.folder_id <> ${folderId} as deployed
      from templates t
     where t.workspace_id = ${workspaceId} and ${where}`;
}

function toSummaryRow(r: RawSummary): SummaryRow {
  return {
    templateId: r.template_id,
    folderId: r.folder_id,
    name: r.name,
    templateCode: r.template_code,
    formName: r.form_name,
    type: r.type,
    state: r.state,
    currentVersion: Number(r.current_version),
    updatedAt: new Date(r.updated_at),
    tabIds: jsonArray(r.tab_ids),
    deployedTeamIds: jsonArray(r.team_ids),
    reachedByDeployment: r.deployed,
  };
}

/**
 * The summaries of a folder's templates in one state, with their tabs and deployments: one query,
 * the arrays aggregated as JSON (the same on both drivers). A team's list also holds the library
 * templates deployed to it.
 */
export async function folderTemplateSummaries(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  state: 'active' | 'archived',
  options: { withDeployedTo: boolean },
): Promise<SummaryRow[]> {
  const deployedHere = options.withDeployedTo
    ? sql`or t.template_id in (select d.template_id from template_deployments d
           where d.workspace_id = ${workspaceId} and d.team_id = ${folderId})`
    : sql``;
  const result = await tx.execute<RawSummary>(sql`${summarySelect(
    workspaceId,
    folderId,
    sql`t.state = ${state} and (t.folder_id = ${folderId} ${deployedHere})`,
  )}
     order by lower(t.name), t.template_id`);
  return result.rows.map(toSummaryRow);
}

/** One template's summary as its own folder lists it; undefined when deleted or missing. */
export async function templateSummary(
  tx: Tx,
  workspaceId: string,
  folderId: string,
  templateId: string,
): Promise<SummaryRow | undefined> {
  const result = await tx.execute<RawSummary>(
    summarySelect(workspaceId, folderId, sql`t.template_id = ${templateId} and t.state <> 'deleted'`),
  );
  const row = result.rows[0];
  return row ? toSummaryRow(row) : undefined;
}

export async function tabIdsOf(tx: Tx, workspaceId: string, templateId: string): Promise<string[]> {
  const rows = await tx
    .select({ tabId: templateTabLinks.tabId })
    .from(templateTabLinks)
    .where(and(eq(templateTabLinks.workspaceId, workspaceId), eq(templateTabLinks.templateId, templateId)))
    .orderBy(templateTabLinks.tabId);
  return rows.map((r) => r.tabId);
}

/** The Template IDs of the workspace (not deleted) that start with `prefix`, case-insensitively. */
export async function templateCodesStartingWith(tx: Tx, workspaceId: string, prefix: string): Promise<string[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .select({ templateCode: templates.templateCode })
    .from(templates)
    .where(
      and(
        eq(templates.workspaceId, workspaceId),
        ne(templates.state, 'deleted'),
        sql`lower(${templates.templateCode}) like ${pattern}`,
      ),
    );
  return rows.map((r) => r.templateCode);
}

export async function insertTemplate(
  tx: Tx,
  row: {
    workspaceId: string;
    templateId: string;
    folderId: string;
    name: string;
    templateCode: string;
    formName: string;
    type: TemplateType;
    userId: string;
  },
): Promise<TemplateRow> {
  const [inserted] = await tx
    .insert(templates)
    .values({ ...row, createdBy: row.userId, updatedBy: row.userId })
    .returning(rowColumns);
  return inserted as TemplateRow;
}

export async function insertVersion(
  tx: Tx,
  row: {
    workspaceId: string;
    templateId: string;
    version: number;
    name: string;
    templateCode: string;
    formName: string;
    definition: TemplateDefinition;
    userId: string;
  },
): Promise<void> {
  const { userId, ...values } = row;
  await tx.insert(templateVersions).values({ ...values, createdBy: userId });
}

/** Moves the template to its next version only if it is still at `expectedVersion`. */
export async function bumpVersion(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  expectedVersion: number,
  change: { name: string; templateCode: string; formName: string; userId: string },
): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .update(templates)
    .set({
      name: change.name,
      templateCode: change.templateCode,
      formName: change.formName,
      updatedBy: change.userId,
      currentVersion: sql`${templates.currentVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(templates.workspaceId, workspaceId),
        eq(templates.templateId, templateId),
        eq(templates.currentVersion, expectedVersion),
        ne(templates.state, 'deleted'),
      ),
    )
    .returning(rowColumns);
  return row;
}

export async function versionDefinition(
  tx: Tx,
  workspaceId: string,
  templateId: string,
  version: number,
): Promise<unknown | undefined> {
  const [row] = await tx
    .select({ definition: templateVersions.definition })
    .from(templateVersions)
    .where(
      and(
        eq(templateVersions.workspaceId, workspaceId),
        eq(templateVersions.templateId, templateId),
        eq(templateVersions.version, version),
      ),
    );
  return row?.definition;
}

export async function versions(tx: Tx, workspaceId: string, templateId: string) {
  return tx
    .select({
      version: templateVersions.version,
      name: templateVersions.name,
      templateCode: templateVersions.templateCode,
      formName: templateVersions.formName,
      createdAt: templateVersions.createdAt,
      createdBy: templateVersions.createdBy,
    })
    .from(templateVersions)
    .where(and(eq(templateVersions.workspaceId, workspaceId), eq(templateVersions.templateId, templateId)))
    .orderBy(desc(templateVersions.version));
}

export async function linkTabs(tx: Tx, workspaceId: string, templateId: string, tabIds: string[]): Promise<void> {
  if (tabIds.length === 0) return;
  await tx
    .insert(templateTabLinks)
    .values(tabIds.map((tabId) => ({ workspaceId, templateId, tabId })))
    .onConflictDoNothing();
}

export async function setState(
  tx: Tx,
  workspaceId: string,
  ids: string[],
  from: TemplateState[],
  to: TemplateState,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(templates)
    .set({ state: to, updatedAt: new Date() })
    .where(
      and(eq(templates.workspaceId, workspaceId), inArray(templates.templateId, ids), inArray(templates.state, from)),
    )
    .returning({ templateId: templates.templateId });
  return rows.map((r) => r.templateId);
}

/**
 * Removes templates with everything that hangs off them: tab links, deployments (the deployed
 * copies) and versions. Forms saved from them will go here too once forms exist.
 */
export async function deleteTemplates(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(
    sql`delete from template_tab_links where workspace_id = ${workspaceId} and template_id in (${list})`,
  );
  await tx.execute(
    sql`delete from template_deployments where workspace_id = ${workspaceId} and template_id in (${list})`,
  );
  await tx.execute(sql`delete from template_versions where workspace_id = ${workspaceId} and template_id in (${list})`);
  const rows = await tx
    .delete(templates)
    .where(and(eq(templates.workspaceId, workspaceId), inArray(templates.templateId, ids)))
    .returning({ templateId: templates.templateId });
  return rows.map((r) => r.templateId);
}

/**
 * The list a field of a template the team fills reads (issue 18.5): the `listId` of the list field
 * `fieldId` in that version's definition (or, with `columnId`, of that list column of the table
 * field `fieldId`). The template must be the team's own or deployed to it, and not deleted.
 * Undefined when there is no such template, version or field, or the field names no list.
 */
export async function teamTemplateFieldList(
  tx: Tx,
  place: { workspaceId: string; teamId: string },
  field: { templateId: string; version: number; fieldId: string; columnId?: string | undefined },
): Promise<string | undefined> {
  const { workspaceId, teamId } = place;
  const listOf = field.columnId
    ? sql`(select c->>'listId' from jsonb_array_elements(case when jsonb_typeof(f->'columns') = 'array' then f->'columns' else '[]'::jsonb end) c
            where c->>'id' = ${field.columnId} and c->>'cellType' = 'list' limit 1)`
    : sql`case when f->>'type' = 'list' then f->>'listId' end`;
  const result = await tx.execute<{ list_id: string | null }>(sql`
    select ${listOf} as list_id
      from templates t
      join template_versions v
        on v.workspace_id = t.workspace_id and v.template_id = t.template_id and v.version = ${field.version}
     cross join lateral jsonb_array_elements(v.definition->'fields') f
     where t.workspace_id = ${workspaceId} and t.template_id = ${field.templateId} and t.state <> 'deleted'
       and (t.folder_id = ${teamId}
            or exists (select 1 from template_deployments d
                        where d.workspace_id = t.workspace_id and d.template_id = t.template_id and d.team_id = ${teamId}))
       and f->>'id' = ${field.fieldId}
     limit 1`);
  return result.rows[0]?.list_id ?? undefined;
}
