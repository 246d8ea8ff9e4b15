import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

/** Whether an account already uses this address (compared without case). */
export async function emailHasAccount(tx: Tx, email: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(
    sql`select exists (select 1 from users where lower(email) = lower(${email})) as found`,
  );
  return result.rows[0]?.found === true;
}

/** The account that uses this address (compared without case), if any. */
export async function accountOf(tx: Tx, email: string): Promise<string | undefined> {
  const result = await tx.execute<{ user_id: string }>(
    sql`select user_id from users where lower(email) = lower(${email})`,
  );
  return result.rows[0]?.user_id;
}

/** Whether a finished sign-up took this subdomain. */
export async function subdomainTaken(tx: Tx, subdomain: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(
    sql`select exists (select 1 from signups where subdomain = ${subdomain} and status = 'completed') as found`,
  );
  return result.rows[0]?.found === true;
}

export type SignupRow = {
  signupId: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  subdomain: string;
  mobile: string;
  continent: string | null;
  timeZone: string | null;
  role: string;
  industry: string;
  /** Null for a single sign-on sign-up (isSso): no password is ever set. */
  passwordHash: string | null;
  isSso: boolean;
};

/**
 * Stores the sign-up model under the browser's id; the same id again replaces a pending one and
 * leaves a completed one alone. Answers the row's status afterwards.
 */
export async function upsertSignup(tx: Tx, s: SignupRow): Promise<'pending' | 'completed'> {
  const result = await tx.execute<{ status: 'pending' | 'completed' }>(sql`
    insert into signups (signup_id, email, first_name, last_name, company_name, subdomain, mobile, continent,
      time_zone, role, industry, password_hash, is_sso)
    values (${s.signupId}, ${s.email}, ${s.firstName}, ${s.lastName}, ${s.companyName}, ${s.subdomain}, ${s.mobile},
      ${s.continent}, ${s.timeZone}, ${s.role}, ${s.industry}, ${s.passwordHash}, ${s.isSso})
    on conflict (signup_id) do update set email = excluded.email, first_name = excluded.first_name,
      last_name = excluded.last_name, company_name = excluded.company_name, subdomain = excluded.subdomain,
      mobile = excluded.mobile, continent = excluded.continent, time_zone = excluded.time_zone,
      role = excluded.role, industry = excluded.industry, password_hash = excluded.password_hash,
      is_sso = excluded.is_sso, updated_at = now()
      where signups.status = 'pending'
    returning status`);
  return result.rows[0]?.status ?? 'completed';
}

/** The sign-up, locked for finishing it. */
export async function lockSignup(tx: Tx, signupId: string) {
  const result = await tx.execute<{
    status: 'pending' | 'completed';
    email: string;
    first_name: string;
    last_name: string;
    company_name: string;
    subdomain: string;
    mobile: string;
    time_zone: string | null;
    password_hash: string | null;
    is_sso: boolean;
    human_check_id: string | null;
  }>(sql`
    select status, email, first_name, last_name, company_name, subdomain, mobile, time_zone, password_hash, is_sso,
      human_check_id
    from signups where signup_id = ${signupId} for update`);
  return result.rows[0];
}

/** The e-mail a sign-up was stored with (its Finish calls are limited per e-mail), or undefined. */
export async function signupEmail(tx: Tx, signupId: string): Promise<string | undefined> {
  const result = await tx.execute<{ email: string }>(sql`select email from signups where signup_id = ${signupId}`);
  return result.rows[0]?.email;
}

/** Whether a solved human check already finished a sign-up. */
export async function humanCheckUsed(tx: Tx, id: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(
    sql`select exists (select 1 from signups where human_check_id = ${id}) as found`,
  );
  return result.rows[0]?.found === true;
}

export async function markCompleted(
  tx: Tx,
  s: { signupId: string; userId: string; workspaceId: string; subdomain: string; humanCheckId: string },
) {
  await tx.execute(sql`
    update signups set status = 'completed', user_id = ${s.userId}, workspace_id = ${s.workspaceId},
      subdomain = ${s.subdomain}, human_check_id = ${s.humanCheckId}, completed_at = now(), updated_at = now()
    where signup_id = ${s.signupId}`);
}

/**
 * A single sign-on sign-up passed its human check: the check is used up (it finishes this sign-up
 * only), and the sign-up waits for the company's sign-in to prove the address.
 */
export async function markHumanChecked(tx: Tx, signupId: string, humanCheckId: string) {
  await tx.execute(sql`
    update signups set human_check_id = ${humanCheckId}, updated_at = now() where signup_id = ${signupId}`);
}

/** The new person: activated, with the password chosen at sign-up (none for single sign-on). */
export async function insertSignedUpUser(
  tx: Tx,
  u: {
    email: string;
    firstName: string;
    lastName: string;
    mobile: string;
    passwordHash: string | null;
    timeZone: string | null;
  },
): Promise<string> {
  const sso = u.passwordHash === null;
  const result = await tx.execute<{ user_id: string }>(sql`
    insert into users (email, first_name, last_name, mobile, password_hash, time_zone, is_sso, activated,
      password_changed_at)
    values (${u.email}, ${u.firstName}, ${u.lastName}, ${u.mobile}, ${u.passwordHash}, ${u.timeZone}, ${sso}, true,
      ${sso ? null : sql`now()`})
    returning user_id`);
  return (result.rows[0] as { user_id: string }).user_id;
}
