import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

export type DomainRow = {
  domain: string;
  txt_token: string;
  verified_at: Date | string | null;
  method: 'dns' | 'email' | null;
  email_sent_to: string | null;
};

const columns = sql`domain, txt_token, verified_at, method, email_sent_to`;

export async function listDomains(tx: Tx, workspaceId: string): Promise<DomainRow[]> {
  const result = await tx.execute<DomainRow>(
    sql`select ${columns} from workspace_domains where workspace_id = ${workspaceId} order by domain`,
  );
  return result.rows;
}

export async function findDomain(tx: Tx, workspaceId: string, domain: string): Promise<DomainRow | undefined> {
  const result = await tx.execute<DomainRow>(
    sql`select ${columns} from workspace_domains where workspace_id = ${workspaceId} and domain = ${domain}`,
  );
  return result.rows[0];
}

/** Adds the domain unproven; an existing row of the workspace is left as it is (undefined). */
export async function insertDomain(
  tx: Tx,
  row: { workspaceId: string; domain: string; txtToken: string; createdBy: string },
): Promise<DomainRow | undefined> {
  const result = await tx.execute<DomainRow>(sql`
    insert into workspace_domains (workspace_id, domain, txt_token, created_by)
    values (${row.workspaceId}, ${row.domain}, ${row.txtToken}, ${row.createdBy})
    on conflict (workspace_id, domain) do nothing
    returning ${columns}`);
  return result.rows[0];
}

/** The workspace that holds a proven domain (a global read: sign-in comes before any workspace). */
export async function domainHolder(tx: Tx, domain: string): Promise<string | undefined> {
  const result = await tx.execute<{ workspace_id: string }>(
    sql`select workspace_id from verified_domains where domain = ${domain}`,
  );
  return result.rows[0]?.workspace_id;
}

/**
 * Marks the domain proven: the global claim (refused when another workspace holds it: false), the
 * workspace's row and its e-mail domains, which the invitation rules read (contributors of them,
 * visitors not).
 */
export async function markVerified(
  tx: Tx,
  workspaceId: string,
  domain: string,
  method: 'dns' | 'email',
): Promise<boolean> {
  const claimed = await tx.execute<{ workspace_id: string }>(sql`
    insert into verified_domains (domain, workspace_id) values (${domain}, ${workspaceId})
    on conflict (domain) do update set domain = excluded.domain where verified_domains.workspace_id = ${workspaceId}
    returning workspace_id`);
  if (claimed.rows.length === 0) return false;
  await tx.execute(sql`
    update workspace_domains set verified_at = coalesce(verified_at, now()), method = coalesce(method, ${method}),
      email_sent_to = null
    where workspace_id = ${workspaceId} and domain = ${domain}`);
  await tx.execute(sql`
    update workspaces set email_domains = array_append(array_remove(email_domains, ${domain}), ${domain})
    where workspace_id = ${workspaceId}`);
  await tx.execute(sql`delete from domain_link_tokens where workspace_id = ${workspaceId} and domain = ${domain}`);
  return true;
}

/** Removes the domain from the workspace: its row, its claim, its links and its e-mail domains. */
export async function deleteDomain(tx: Tx, workspaceId: string, domain: string): Promise<boolean> {
  const result = await tx.execute<{ domain: string }>(
    sql`delete from workspace_domains where workspace_id = ${workspaceId} and domain = ${domain} returning domain`,
  );
  if (result.rows.length === 0) return false;
  await tx.execute(sql`delete from verified_domains where domain = ${domain} and workspace_id = ${workspaceId}`);
  await tx.execute(sql`delete from domain_link_tokens where workspace_id = ${workspaceId} and domain = ${domain}`);
  await tx.execute(sql`
    update workspaces set email_domains = array_remove(email_domains, ${domain})
    where workspace_id = ${workspaceId}`);
  return true;
}

/** The one live e-mailed link of a domain: an earlier one stops working. */
export async function replaceLinkToken(
  tx: Tx,
  row: { workspaceId: string; domain: string; tokenHash: string; expiresAt: Date; sentTo: string },
): Promise<void> {
  await tx.execute(
    sql`delete from domain_link_tokens where workspace_id = ${row.workspaceId} and domain = ${row.domain}`,
  );
  await tx.execute(sql`
    insert into domain_link_tokens (token_hash, workspace_id, domain, expires_at)
    values (${row.tokenHash}, ${row.workspaceId}, ${row.domain}, ${row.expiresAt.toISOString()})`);
  await tx.execute(sql`
    update workspace_domains set email_sent_to = ${row.sentTo}
    where workspace_id = ${row.workspaceId} and domain = ${row.domain}`);
}

export async function linkTokenTarget(
  tx: Tx,
  tokenHash: string,
): Promise<{ workspace_id: string; domain: string } | undefined> {
  const result = await tx.execute<{ workspace_id: string; domain: string }>(sql`
    select workspace_id, domain from domain_link_tokens where token_hash = ${tokenHash} and expires_at > now()`);
  return result.rows[0];
}
