import type { Link, LinkKind, LinkState } from '@formwork/shared/schemas/links';
import type { TemplateType } from '@formwork/shared/templates/template-definition';
import { sql } from 'drizzle-orm';
import { uuidArray } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

type LinkRow = {
  id: string;
  team_id: string;
  name: string;
  kind: LinkKind;
  state: LinkState;
  token: string;
  expires_at: string | Date | null;
  max_submissions: number | null;
  ask_submitter_name: boolean;
  ask_submitter_email: boolean;
  submission_count: number | string;
  created_at: string | Date;
  templates: string | { id: string; name: string }[] | null;
};

function toLink(row: LinkRow): Link {
  const templates = typeof row.templates === 'string' ? JSON.parse(row.templates) : row.templates;
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    kind: row.kind,
    state: row.state,
    token: row.token,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    maxSubmissions: row.max_submissions === null ? null : Number(row.max_submissions),
    askSubmitterName: row.ask_submitter_name,
    askSubmitterEmail: row.ask_submitter_email,
    submissionCount: Number(row.submission_count),
    createdAt: new Date(row.created_at).toISOString(),
    templates: templates ?? [],
  };
}

// The link's templates in the order chosen, as one JSON array (the same on both drivers).
const linkColumns = sql`l.link_id as id, l.team_id, l.name, l.kind, l.state, l.token, l.expires_at,
  l.max_submissions, l.ask_submitter_name, l.ask_submitter_email, l.submission_count, l.created_at,
  (select coalesce(json_agg(json_build_object('id', t.template_id, 'name', t.name) order by lt.position), '[]')
     from link_templates lt
     join templates t on t.workspace_id = lt.workspace_id and t.template_id = lt.template_id
    where lt.workspace_id = l.workspace_id and lt.link_id = l.link_id and t.state <> 'deleted') as templates`;

/** The links of a team in one state, newest first. */
export async function linksOfTeam(tx: Tx, workspaceId: string, teamId: string, state: LinkState): Promise<Link[]> {
  const result = await tx.execute<LinkRow>(sql`
    select ${linkColumns} from links l
     where l.workspace_id = ${workspaceId} and l.team_id = ${teamId} and l.state = ${state}
     order by l.created_at desc, l.link_id`);
  return result.rows.map(toLink);
}

/** One link of a team (another team's link is not found through this one). */
export async function linkOfTeam(
  tx: Tx,
  workspaceId: string,
  teamId: string,
  linkId: string,
): Promise<Link | undefined> {
  const result = await tx.execute<LinkRow>(sql`
    select ${linkColumns} from links l
     where l.workspace_id = ${workspaceId} and l.team_id = ${teamId} and l.link_id = ${linkId}`);
  const [row] = result.rows;
  return row ? toLink(row) : undefined;
}

/**
 * Of the given templates, those a team may fill in now: active, and the team's own or deployed to
 * it from the Template Library (as forms.queries templateForTeam finds one).
 */
/** The team's active templates among `templateIds` (its own or deployed to it), with their current definitions. */
export async function activeTeamTemplates(
  tx: Tx,
  workspaceId: string,
  teamId: string,
  templateIds: readonly string[],
): Promise<Map<string, { definition: unknown }>> {
  if (templateIds.length === 0) return new Map();
  const result = await tx.execute<{ template_id: string; definition: unknown }>(sql`
    select t.template_id, v.definition from templates t
      join template_versions v on v.workspace_id = t.workspace_id and v.template_id = t.template_id
                              and v.version = t.current_version
     where t.workspace_id = ${workspaceId} and t.template_id = any(${uuidArray(templateIds)}) and t.state = 'active'
       and (t.folder_id = ${teamId}
            or exists (select 1 from template_deployments d
                        where d.workspace_id = t.workspace_id and d.template_id = t.template_id
                          and d.team_id = ${teamId}))`);
  return new Map(
    result.rows.map((r) => [
      r.template_id,
      { definition: typeof r.definition === 'string' ? JSON.parse(r.definition) : r.definition },
    ]),
  );
}

export type NewLink = {
  workspaceId: string;
  linkId: string;
  teamId: string;
  name: string;
  kind: LinkKind;
  token: string;
  tokenHash: string;
  templateIds: readonly string[];
  expiresAt: string | null;
  maxSubmissions: number | null;
  askSubmitterName: boolean;
  askSubmitterEmail: boolean;
  userId: string;
};

/** The link, its templates in order and its token's hash, in the caller's transaction. */
export async function insertLink(tx: Tx, link: NewLink): Promise<void> {
  await tx.execute(sql`
    insert into links (workspace_id, link_id, team_id, name, kind, token, expires_at, max_submissions,
                       ask_submitter_name, ask_submitter_email, created_by)
    values (${link.workspaceId}, ${link.linkId}, ${link.teamId}, ${link.name}, ${link.kind}, ${link.token},
            ${link.expiresAt}, ${link.maxSubmissions}, ${link.askSubmitterName}, ${link.askSubmitterEmail},
            ${link.userId})`);
  await tx.execute(sql`
    insert into link_templates (workspace_id, link_id, template_id, position)
    select ${link.workspaceId}, ${link.linkId}, t.id, t.position - 1
      from unnest(${uuidArray(link.templateIds)}) with ordinality as t(id, position)`);
  await tx.execute(sql`
    insert into link_tokens (token_hash, workspace_id, link_id)
    values (${link.tokenHash}, ${link.workspaceId}, ${link.linkId})`);
}

export async function setLinkState(tx: Tx, workspaceId: string, linkId: string, state: LinkState): Promise<void> {
  await tx.execute(sql`
    update links set state = ${state}, updated_at = now()
     where workspace_id = ${workspaceId} and link_id = ${linkId}`);
}

/** Removes the link with its templates and token (cascade). */
export async function deleteLink(tx: Tx, workspaceId: string, linkId: string): Promise<void> {
  await tx.execute(sql`delete from links where workspace_id = ${workspaceId} and link_id = ${linkId}`);
}

/** The link a public token names (global lookup by the token's hash, before any workspace is known). */
export async function linkByTokenHash(
  tx: Tx,
  tokenHash: string,
): Promise<{ workspaceId: string; linkId: string } | undefined> {
  const result = await tx.execute<{ workspace_id: string; link_id: string }>(sql`
    select workspace_id, link_id from link_tokens where token_hash = ${tokenHash}`);
  const [row] = result.rows;
  return row ? { workspaceId: row.workspace_id, linkId: row.link_id } : undefined;
}

export type PublicLinkRow = Link & { folderPath: string[]; folderState: string };

/** The link with its team's path and state (the public page's one read of it). */
export async function linkForPublic(tx: Tx, workspaceId: string, linkId: string): Promise<PublicLinkRow | undefined> {
  const result = await tx.execute<LinkRow & { project_id: string; folder_state: string }>(sql`
    select ${linkColumns}, f.parent_id as project_id, f.state as folder_state
      from links l join folders f on f.workspace_id = l.workspace_id and f.folder_id = l.team_id
     where l.workspace_id = ${workspaceId} and l.link_id = ${linkId}`);
  const [row] = result.rows;
  if (!row) return undefined;
  // A team's path: its company (the workspace), its project, itself.
  return { ...toLink(row), folderPath: [workspaceId, row.project_id, row.team_id], folderState: row.folder_state };
}

/** The current definitions of the link's templates, in the link's order (active templates only). */
export async function linkTemplateDefinitions(
  tx: Tx,
  workspaceId: string,
  linkId: string,
): Promise<{ id: string; name: string; type: TemplateType; definition: unknown }[]> {
  const result = await tx.execute<{ id: string; name: string; type: TemplateType; definition: unknown }>(sql`
    select t.template_id as id, t.name, t.type, v.definition
      from link_templates lt
      join templates t on t.workspace_id = lt.workspace_id and t.template_id = lt.template_id
      join template_versions v on v.workspace_id = t.workspace_id and v.template_id = t.template_id
                              and v.version = t.current_version
     where lt.workspace_id = ${workspaceId} and lt.link_id = ${linkId} and t.state = 'active'
     order by lt.position`);
  return result.rows.map((r) => ({
    ...r,
    definition: typeof r.definition === 'string' ? JSON.parse(r.definition) : r.definition,
  }));
}

/**
 * Counts one submission on the link when it still takes one (active, not expired, a single link
 * unused, an ongoing one under its maximum): the row lock makes concurrent submits wait and see the
 * new count, so a single link takes exactly one. False: it takes no more.
 */
export async function takeSubmission(tx: Tx, workspaceId: string, linkId: string): Promise<boolean> {
  const result = await tx.execute<{ link_id: string }>(sql`
    update links set submission_count = submission_count + 1
     where workspace_id = ${workspaceId} and link_id = ${linkId} and state = 'active'
       and (expires_at is null or expires_at > now())
       and case when kind = 'single' then submission_count = 0
                else max_submissions is null or submission_count < max_submissions end
    returning link_id`);
  return result.rows.length > 0;
}

export async function submissionExists(tx: Tx, workspaceId: string, formId: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from link_submissions where workspace_id = ${workspaceId} and form_id = ${formId}) as found`);
  return result.rows[0]?.found === true;
}

export async function humanCheckUsed(tx: Tx, workspaceId: string, humanCheckId: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from link_submissions
                    where workspace_id = ${workspaceId} and human_check_id = ${humanCheckId}) as found`);
  return result.rows[0]?.found === true;
}

export async function insertSubmission(
  tx: Tx,
  row: {
    workspaceId: string;
    formId: string;
    linkId: string;
    linkName: string;
    submitterName: string | null;
    submitterEmail: string | null;
    humanCheckId: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into link_submissions (workspace_id, form_id, link_id, link_name, submitter_name, submitter_email, human_check_id)
    values (${row.workspaceId}, ${row.formId}, ${row.linkId}, ${row.linkName}, ${row.submitterName},
            ${row.submitterEmail}, ${row.humanCheckId})`);
}

/** Whether the form was submitted through this link (the PDF copy's scope). */
export async function submittedThrough(tx: Tx, workspaceId: string, linkId: string, formId: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from link_submissions
                    where workspace_id = ${workspaceId} and link_id = ${linkId} and form_id = ${formId}) as found`);
  return result.rows[0]?.found === true;
}

export async function workspaceTimeZone(tx: Tx, workspaceId: string): Promise<string> {
  const result = await tx.execute<{ time_zone: string }>(sql`
    select time_zone from workspaces where workspace_id = ${workspaceId}`);
  return result.rows[0]?.time_zone ?? 'UTC';
}

/** Binds a file uploaded through a link to that link and the submission attempt (form id) it was for. */
export async function insertUpload(
  tx: Tx,
  row: { workspaceId: string; fileId: string; linkId: string; formId: string },
): Promise<void> {
  await tx.execute(sql`
    insert into link_uploads (workspace_id, file_id, link_id, form_id)
    values (${row.workspaceId}, ${row.fileId}, ${row.linkId}, ${row.formId})`);
}

/** The files uploaded through this link for this submission attempt and not yet submitted. */
export async function pendingUploads(
  tx: Tx,
  workspaceId: string,
  linkId: string,
  formId: string,
): Promise<Set<string>> {
  const result = await tx.execute<{ file_id: string }>(sql`
    select file_id from link_uploads
     where workspace_id = ${workspaceId} and link_id = ${linkId} and form_id = ${formId} and submitted_at is null`);
  return new Set(result.rows.map((r) => r.file_id));
}

/** The uploads a submission named: kept from now on (the cleanup job leaves them). */
export async function markUploadsSubmitted(tx: Tx, workspaceId: string, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.execute(sql`
    update link_uploads set submitted_at = now()
     where workspace_id = ${workspaceId} and file_id = any(${uuidArray(fileIds)}) and submitted_at is null`);
}

/** Removes the record of an upload no submission named (its link_uploads row goes with it); its storage key. */
export async function removeUnsubmittedUpload(
  tx: Tx,
  workspaceId: string,
  fileId: string,
): Promise<{ storageKey: string } | null> {
  const result = await tx.execute<{ storage_key: string }>(sql`
    delete from files f
     using link_uploads u
     where u.workspace_id = f.workspace_id and u.file_id = f.file_id
       and f.workspace_id = ${workspaceId} and f.file_id = ${fileId} and u.submitted_at is null
    returning f.storage_key`);
  const [row] = result.rows;
  return row ? { storageKey: row.storage_key } : null;
}
