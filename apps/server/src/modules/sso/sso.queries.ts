import type { Role } from '@formwork/shared/permissions';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

export type ConnectionRow = {
  workspace_id: string;
  issuer: string;
  client_id: string;
  client_secret_enc: string;
  groups_claim: string;
  tested_by_email: string;
  updated_at: Date | string;
};

export async function connection(tx: Tx, workspaceId: string): Promise<ConnectionRow | undefined> {
  const result = await tx.execute<ConnectionRow>(sql`
    select workspace_id, issuer, client_id, client_secret_enc, groups_claim, tested_by_email, updated_at
    from sso_connections where workspace_id = ${workspaceId}`);
  return result.rows[0];
}

/** The workspace whose proven domain this is, with its connection (a global read before sign-in). */
export async function connectionForDomain(tx: Tx, domain: string): Promise<{ workspace_id: string } | undefined> {
  const result = await tx.execute<{ workspace_id: string }>(sql`
    select d.workspace_id from verified_domains d where d.domain = ${domain}`);
  return result.rows[0];
}

export async function upsertConnection(
  tx: Tx,
  row: Omit<ConnectionRow, 'updated_at'> & { updated_by: string },
): Promise<void> {
  await tx.execute(sql`
    insert into sso_connections (workspace_id, issuer, client_id, client_secret_enc, groups_claim, tested_by_email, updated_by)
    values (${row.workspace_id}, ${row.issuer}, ${row.client_id}, ${row.client_secret_enc}, ${row.groups_claim},
      ${row.tested_by_email}, ${row.updated_by})
    on conflict (workspace_id) do update set issuer = excluded.issuer, client_id = excluded.client_id,
      client_secret_enc = excluded.client_secret_enc, groups_claim = excluded.groups_claim,
      tested_by_email = excluded.tested_by_email, updated_by = excluded.updated_by, updated_at = now()`);
}

export async function deleteConnection(tx: Tx, workspaceId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`delete from sso_connections where workspace_id = ${workspaceId} returning workspace_id`,
  );
  return result.rows.length > 0;
}

export type AttemptRow = {
  state: string;
  workspace_id: string;
  purpose: 'signIn' | 'test';
  interaction_uid: string | null;
  code_verifier: string;
  nonce: string;
  issuer: string;
  client_id: string;
  client_secret_enc: string;
  groups_claim: string;
  started_by: string | null;
  result_user_id: string | null;
  result_email: string | null;
  follow_up: SsoFollowUp | null;
};

/**
 * What a sign-in at the provider is also for (an activation, a sign-up): the address the provider
 * must prove, the module's own `kind` and its data, which the sso module does not read.
 */
export type SsoFollowUp = { kind: string; email: string; data: Record<string, unknown> };

export async function insertAttempt(
  tx: Tx,
  row: Omit<AttemptRow, 'result_user_id' | 'result_email'> & { expiresAt: Date },
): Promise<void> {
  await tx.execute(sql`
    insert into sso_attempts (state, workspace_id, purpose, interaction_uid, code_verifier, nonce, issuer, client_id,
      client_secret_enc, groups_claim, started_by, follow_up, expires_at)
    values (${row.state}, ${row.workspace_id}, ${row.purpose}, ${row.interaction_uid}, ${row.code_verifier}, ${row.nonce},
      ${row.issuer}, ${row.client_id}, ${row.client_secret_enc}, ${row.groups_claim}, ${row.started_by},
      ${row.follow_up === null ? null : JSON.stringify(row.follow_up)}::jsonb, ${row.expiresAt.toISOString()})`);
}

export async function attempt(tx: Tx, state: string): Promise<AttemptRow | undefined> {
  const result = await tx.execute<AttemptRow>(sql`
    select state, workspace_id, purpose, interaction_uid, code_verifier, nonce, issuer, client_id, client_secret_enc,
      groups_claim, started_by, result_user_id, result_email, follow_up
    from sso_attempts where state = ${state} and expires_at > now()`);
  return result.rows[0];
}

export async function completeAttempt(
  tx: Tx,
  state: string,
  result: { userId: string | null; email: string },
): Promise<void> {
  await tx.execute(sql`
    update sso_attempts set result_user_id = ${result.userId}, result_email = ${result.email},
      code_verifier = '', nonce = ''
    where state = ${state}`);
}

export async function deleteAttempt(tx: Tx, state: string): Promise<void> {
  await tx.execute(sql`delete from sso_attempts where state = ${state}`);
}

export type MappingRow = { group_name: string; folder_id: string; role: Role };

export async function mappings(tx: Tx, workspaceId: string): Promise<MappingRow[]> {
  const result = await tx.execute<MappingRow>(sql`
    select group_name, folder_id, role from sso_group_mappings where workspace_id = ${workspaceId}
    order by group_name, folder_id`);
  return result.rows;
}

/** Replaces the workspace's table of group -> folder and level; false when a folder is not the workspace's. */
export async function replaceMappings(tx: Tx, workspaceId: string, rows: readonly MappingRow[]): Promise<boolean> {
  const folderIds = [...new Set(rows.map((r) => r.folder_id))];
  if (folderIds.length > 0) {
    const found = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from folders where workspace_id = ${workspaceId}
      and folder_id in (select unnest(${`{${folderIds.join(',')}}`}::uuid[]))`);
    if ((found.rows[0]?.n ?? 0) !== folderIds.length) return false;
  }
  await tx.execute(sql`delete from sso_group_mappings where workspace_id = ${workspaceId}`);
  if (rows.length > 0) {
    await tx.execute(sql`
      insert into sso_group_mappings (workspace_id, group_name, folder_id, role)
      select ${workspaceId}, r.group_name, r.folder_id, r.role
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(group_name text, folder_id uuid, role text)`);
  }
  return true;
}

export type PersonRow = { user_id: string; in_workspace: boolean; deactivated: boolean };

export async function personByEmail(tx: Tx, workspaceId: string, email: string): Promise<PersonRow | undefined> {
  const result = await tx.execute<PersonRow>(sql`
    select u.user_id, wu.user_id is not null as in_workspace, coalesce(wu.deactivated_at is not null, false) as deactivated
    from users u left join workspace_users wu on wu.workspace_id = ${workspaceId} and wu.user_id = u.user_id
    where lower(u.email) = lower(${email})`);
  return result.rows[0];
}

export async function insertSsoUser(
  tx: Tx,
  row: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const result = await tx.execute<{ user_id: string }>(sql`
    insert into users (email, first_name, last_name, is_sso, activated)
    values (${row.email}, ${row.firstName}, ${row.lastName}, true, true) returning user_id`);
  return result.rows[0]?.user_id as string;
}

export async function markSso(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`update users set is_sso = true where user_id = ${userId} and not is_sso`);
}

export async function addToWorkspace(tx: Tx, workspaceId: string, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into workspace_users (workspace_id, user_id, user_type) values (${workspaceId}, ${userId}, 'contributor')
    on conflict do nothing`);
}

export async function rolesAt(tx: Tx, workspaceId: string, userId: string, folderIds: readonly string[]) {
  if (folderIds.length === 0) return new Map<string, Role>();
  const result = await tx.execute<{ folder_id: string; role: Role }>(sql`
    select folder_id, role from memberships where workspace_id = ${workspaceId} and user_id = ${userId}
    and folder_id in (select unnest(${`{${folderIds.join(',')}}`}::uuid[]))`);
  return new Map(result.rows.map((r) => [r.folder_id, r.role]));
}

export async function putRole(tx: Tx, workspaceId: string, folderId: string, userId: string, role: Role) {
  await tx.execute(sql`
    insert into memberships (workspace_id, folder_id, user_id, role) values (${workspaceId}, ${folderId}, ${userId}, ${role})
    on conflict (workspace_id, folder_id, user_id) do update set role = excluded.role`);
}

export async function dropRole(tx: Tx, workspaceId: string, folderId: string, userId: string) {
  await tx.execute(sql`
    delete from memberships where workspace_id = ${workspaceId} and folder_id = ${folderId} and user_id = ${userId}`);
}

export async function insertTicket(
  tx: Tx,
  row: { ticketHash: string; followUp: SsoFollowUp; expiresAt: Date },
): Promise<void> {
  await tx.execute(sql`
    insert into sso_tickets (ticket_hash, email, follow_up, expires_at)
    values (${row.ticketHash}, ${row.followUp.email}, ${JSON.stringify(row.followUp)}::jsonb, ${row.expiresAt.toISOString()})`);
}

/** Uses a ticket up: what it was for, once, before it expires. */
export async function useTicket(tx: Tx, ticketHash: string): Promise<SsoFollowUp | undefined> {
  const result = await tx.execute<{ follow_up: SsoFollowUp }>(sql`
    update sso_tickets set used_at = now()
    where ticket_hash = ${ticketHash} and used_at is null and expires_at > now()
    returning follow_up`);
  return result.rows[0]?.follow_up;
}
