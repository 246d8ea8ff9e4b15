import { defaultLocale, isLocale, type Locale } from '@formwork/shared/locales';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/tenant.ts';

/**
 * The locale each address's e-mail is written in (issue 26): the person's choice in Edit Profile,
 * else the workspace's default (also for an address with no account yet). One query for any number
 * of addresses (a bulk invitation's rows).
 */
export async function recipientLocales(
  tx: Tx,
  workspaceId: string,
  emails: readonly string[],
): Promise<(email: string) => Locale> {
  const result = await tx.execute<{ email: string | null; locale: string | null }>(sql`
    select lower(u.email) as email, u.locale from users u
    where lower(u.email) in (select lower(value) from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))
      and u.locale is not null
    union all
    select null, w.locale from workspaces w where w.workspace_id = ${workspaceId}`);
  const chosen = new Map<string, Locale>();
  let workspaceLocale: Locale = defaultLocale;
  for (const row of result.rows) {
    if (!isLocale(row.locale)) continue;
    if (row.email === null) workspaceLocale = row.locale;
    else chosen.set(row.email, row.locale);
  }
  return (email) => chosen.get(email.toLowerCase()) ?? workspaceLocale;
}

/**
 * One person's locale, by their user id (the recipient of an e-mail, the exporter of a PDF): their
 * choice, else the workspace's default, which is also the locale when no one is named (a link's visitor).
 */
export async function userLocale(tx: Tx, workspaceId: string, userId: string | null): Promise<Locale> {
  const result = await tx.execute<{ locale: string | null }>(sql`
    select coalesce((select u.locale from users u where u.user_id = ${userId}),
      (select w.locale from workspaces w where w.workspace_id = ${workspaceId})) as locale`);
  const locale = result.rows[0]?.locale;
  return isLocale(locale) ? locale : defaultLocale;
}
