import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, folders, workspaces } from '../src/db/schema.ts';
import { appRole, inScope } from '../src/db/tenant.ts';
import { postgresErrorCode } from '../src/http/errors.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * Tables that belong to no single workspace, each with the reason. Every other table in the
 * public schema is a tenant table and must follow ARCHITECTURE.md's tenancy rules.
 */
const globalTables: Record<string, string> = {
  users: 'one person may belong to several workspaces; the directory of sign-in identities',
  idp_signing_keys: "the identity provider's keys sign tokens for every workspace",
  idp_secrets: "the identity provider's cookie keys",
  idp_payloads: 'sign-in sessions, codes and grants exist before any workspace is chosen',
  password_reset_tokens: 'a password belongs to the person, not to a workspace',
  invitation_tokens:
    'an activation link is opened before anyone is signed in or any workspace is known; it only points at its invitation, a tenant row',
  email_change_tokens: 'an e-mail address belongs to the person, not to a workspace',
  user_images:
    "a person's picture and signature follow them into every workspace; its own row-level security shows each person only their rows",
  sign_in_tickets: 'a one-time sign-in after activation belongs to the person, before any workspace is chosen',
  auth_attempts: 'sign-in and password-reset throttling happen before any workspace is known',
  usage_events: 'what a person did in the product (a link clicked), before or outside any workspace',
  mail_outbox: 'password reset mail belongs to no workspace; tenant mail records its workspace in the body',
  signups:
    'a self-service sign-up happens before its workspace exists; it names the user and workspace it made once finished',
  verified_domains:
    'a proven e-mail domain is looked up before anyone is signed in (single sign-on by domain), and one domain belongs to one workspace',
  domain_link_tokens:
    "a domain's e-mailed proving link is opened before any workspace is known; it only points at its workspace's domain row",
  link_tokens:
    "a submission link's public page is opened by someone without an account before any workspace is known; it only points at its link, a tenant row",
  sso_attempts:
    "a single sign-on's callback arrives from the workspace's provider before anyone is signed in; it names its workspace",
  sso_tickets:
    'an activation or sign-up with single sign-on hands over to the sign-in before anyone is signed in; it names the address to prove',
  error_reports:
    'an error is reported before sign-in or outside any workspace (a page that cannot load); its own row-level security lets anyone add a report and only platform admins read them',
  api_tokens:
    'a personal API token belongs to its person, not to a workspace (it reaches what its owner may reach), and is looked up by its hash before any workspace is known',
  api_token_calls:
    "a personal API token's calls per minute, counted before any workspace is known (the rate limit of its person's token)",
  accounts:
    'an account holds one or more workspaces (plan, subscription); its own row-level security lets the members of any of its workspaces read it',
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

type TableRow = { table_name: string; rls: boolean; forced: boolean; owner: string };

async function tables(): Promise<TableRow[]> {
  const result = await database.db.execute<TableRow>(sql`
    select c.relname as table_name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
           pg_get_userbyid(c.relowner) as owner
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
  return result.rows;
}

describe('tenancy catalog', () => {
  it('lists the tables it judges', async () => {
    const names = (await tables()).map((t) => t.table_name);
    expect(names).toContain('folders');
    for (const name of Object.keys(globalTables)) expect(names).toContain(name);
  });

  it('every tenant table has workspace_id leading its primary key', async () => {
    const result = await database.db.execute<{ table_name: string; first_key: string | null }>(sql`
      select c.relname as table_name,
             (select a.attname from pg_index i
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
               where i.indrelid = c.oid and i.indisprimary) as first_key
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const broken = result.rows
      .filter((r) => !(r.table_name in globalTables) && r.first_key !== 'workspace_id')
      .map((r) => `${r.table_name} (primary key starts with ${r.first_key ?? 'nothing'})`);
    expect(broken).toEqual([]);
  });

  it('every tenant table has row-level security enabled and forced, with a workspace policy', async () => {
    const policies = await database.db.execute<{ table_name: string; qual: string | null }>(sql`
      select tablename as table_name, qual from pg_policies where schemaname = 'public'`);
    const broken: string[] = [];
    for (const t of await tables()) {
      if (t.table_name in globalTables) continue;
      if (!t.rls) broken.push(`${t.table_name}: row-level security not enabled`);
      if (!t.forced) broken.push(`${t.table_name}: row-level security not forced`);
      const own = policies.rows.filter((p) => p.table_name === t.table_name);
      if (!own.some((p) => p.qual?.includes('app_workspace_id()'))) {
        broken.push(`${t.table_name}: no policy on app_workspace_id()`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the application role is neither owner, superuser nor able to bypass row-level security', async () => {
    const role = await database.db.execute<{ rolsuper: boolean; rolbypassrls: boolean }>(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${appRole}`,
    );
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
    const owned = (await tables()).filter((t) => t.owner === appRole);
    expect(owned).toEqual([]);
  });

  it('the scope functions the policies call are stable and parallel safe (a large scan may use several cores)', async () => {
    const functions = await database.db.execute<{ proname: string; provolatile: string; proparallel: string }>(sql`
      select p.proname, p.provolatile, p.proparallel
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname like 'app\_%'
       order by p.proname`);
    expect(functions.rows.length).toBeGreaterThanOrEqual(3);
    for (const f of functions.rows) expect(f, f.proname).toMatchObject({ provolatile: 's', proparallel: 's' });
  });

  it('policies read the scope once per query: each scope function in a sub-select, never per row (0054)', async () => {
    const policies = await database.db.execute<{ tablename: string; clause: string }>(sql`
      select tablename, coalesce(qual, '') || ' | ' || coalesce(with_check, '') as clause
        from pg_policies where schemaname = 'public' order by tablename, policyname`);
    expect(policies.rows.length).toBeGreaterThan(20);
    // A bare call (not preceded by "SELECT ") is run again for every row a scan meets.
    const perRow = policies.rows.filter((p) => /(?<!SELECT )\bapp_[a-z_]+\(\)/.test(p.clause));
    expect(perRow.map((p) => `${p.tablename}: ${p.clause}`)).toEqual([]);
  });

  it('a transaction in one workspace sees none of another workspace’s rows', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    for (const id of [a, b]) {
      await inScope(database.db, { workspaceId: id, userId: null, isAdmin: false }, async (tx) => {
        await tx.insert(accounts).values({
          accountId: id,
          name: `A ${id}`,
          accountType: 'managed',
          planType: 'pro',
          subscriptionStatus: 'active',
        });
        await tx.insert(workspaces).values({ workspaceId: id, accountId: id, name: `W ${id}`, region: 'local' });
        await tx.insert(folders).values({ workspaceId: id, folderId: id, kind: 'company', name: 'C' });
      });
    }
    const seen = await inScope(database.db, { workspaceId: a, userId: null, isAdmin: false }, (tx) =>
      tx.select({ workspaceId: folders.workspaceId }).from(folders),
    );
    expect(seen.map((r) => r.workspaceId)).toEqual([a]);
    const write = inScope(database.db, { workspaceId: a, userId: null, isAdmin: false }, (tx) =>
      tx
        .insert(folders)
        .values({ workspaceId: b, folderId: crypto.randomUUID(), kind: 'project', parentId: b, name: 'X' }),
    );
    // 42501: the new row violates the row-level security policy (not any other failure).
    expect(await write.then(() => 'written', postgresErrorCode)).toBe('42501');
    const accountsSeen = await inScope(database.db, { workspaceId: a, userId: null, isAdmin: false }, (tx) =>
      tx.select({ accountId: accounts.accountId }).from(accounts),
    );
    expect(accountsSeen.map((r) => r.accountId)).toEqual([a]);
  });

  it('accounts, global, still have row-level security enabled and forced', async () => {
    const row = (await tables()).find((t) => t.table_name === 'accounts');
    expect(row).toMatchObject({ rls: true, forced: true });
  });
});
