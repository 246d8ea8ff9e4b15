import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../../test/dns-server.ts';
import { createWorkspace, type Persona, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope, systemScope } from '../../db/tenant.ts';

let ctx: TestContext;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let w: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  dns = await startDnsServer();
  ctx = await createTestApp({ env: { DNS_SERVERS: dns.address } });
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
});
afterAll(async () => {
  await ctx.close();
  await dns.close();
});

const fresh = () => `builders-${randomUUID().slice(0, 8)}.example`;

async function as(persona: Persona, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await persona.headers(), ...(payload ? { payload } : {}) });
}
const base = (x: TestWorkspace) => `/api/workspaces/${x.workspaceId}/domains`;

async function outbox(to: string) {
  return inScope(ctx.database.db, systemScope, async (tx) => {
    const r = await tx.execute<{ subject: string; text_body: string }>(
      sql`select subject, text_body from mail_outbox where to_address = ${to} order by created_at`,
    );
    return r.rows;
  });
}

async function emailDomains(x: TestWorkspace): Promise<string[]> {
  return inScope(ctx.database.db, { workspaceId: x.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const r = await tx.execute<{ email_domains: string[] }>(
      sql`select email_domains from workspaces where workspace_id = ${x.workspaceId}`,
    );
    return r.rows[0]?.email_domains ?? [];
  });
}

describe('verified domains', () => {
  it('an org controller adds a domain and proves it by its DNS TXT record; audited', async () => {
    const domain = fresh();
    const added = await as(w.personas.orgController, 'POST', base(w), { domain: `  ${domain.toUpperCase()} ` });
    expect(added.statusCode).toBe(201);
    const record = added.json().txtRecord;
    expect(added.json()).toMatchObject({ domain, verifiedAt: null, method: null });
    expect(record).toMatchObject({ name: domain, value: expect.stringMatching(/^formwork-verification=\S{20,}$/) });

    // Not published yet: nothing changes.
    const early = await as(w.personas.orgController, 'POST', `${base(w)}/${domain}/dns-check`);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('domainNotProven');
    // A different value does not prove it.
    dns.records.set(domain, ['v=spf1 -all', 'formwork-verification=someone-else']);
    expect((await as(w.personas.orgController, 'POST', `${base(w)}/${domain}/dns-check`)).statusCode).toBe(400);

    dns.records.set(domain, ['v=spf1 -all', record.value]);
    const checked = await as(w.personas.orgController, 'POST', `${base(w)}/${domain}/dns-check`);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ domain, method: 'dns', verifiedAt: expect.any(String) });
    expect(await emailDomains(w)).toContain(domain);

    const list = await as(w.personas.admin, 'GET', base(w));
    expect(list.json().domains).toEqual(expect.arrayContaining([expect.objectContaining({ domain, method: 'dns' })]));
    const activity = await as(w.personas.orgController, 'GET', `/api/companies/${w.companyId}/activity`);
    expect(JSON.stringify(activity.json())).toContain('domain.verified');
  });

  it('proven domains are the contributors’ domains; visitors may not use them (invitation rules)', async () => {
    const domain = fresh();
    const added = await as(w.personas.orgController, 'POST', base(w), { domain });
    dns.records.set(domain, [added.json().txtRecord.value]);
    await as(w.personas.orgController, 'POST', `${base(w)}/${domain}/dns-check`);
    const invite = (email: string, userType: string) =>
      as(w.personas.orgController, 'POST', `/api/folders/${teamIdOf(w)}/invitations`, {
        email,
        role: 'member',
        userType,
      });
    const visitor = await invite(`v-${randomUUID().slice(0, 6)}@${domain}`, 'visitor');
    expect(visitor.statusCode).toBe(400);
    expect(visitor.json().errors[0].code).toBe('visitorOwnDomain');
    const outsider = await invite(`c-${randomUUID().slice(0, 6)}@elsewhere.example`, 'contributor');
    expect(outsider.json().errors[0].code).toBe('contributorDomain');
    expect((await invite(`c-${randomUUID().slice(0, 6)}@${domain}`, 'contributor')).statusCode).toBe(201);

    // Removed: no longer the workspace's.
    expect((await as(w.personas.orgController, 'DELETE', `${base(w)}/${domain}`)).statusCode).toBe(204);
    expect(await emailDomains(w)).not.toContain(domain);
  });

  it("writes the proving e-mail in the workspace's default locale, Spanish too (issue 26)", async () => {
    const send = async () => {
      const domain = fresh();
      await as(w.personas.orgController, 'POST', base(w), { domain });
      const to = `it-${randomUUID().slice(0, 6)}@${domain}`;
      const sent = await as(w.personas.orgController, 'POST', `${base(w)}/${domain}/email-link`, { email: to });
      expect(sent.statusCode, sent.body).toBe(200);
      const [mail] = await outbox(to);
      return { domain, mail };
    };
    const english = await send();
    expect(english.mail?.subject).toBe(`Confirm that ${w.name} uses ${english.domain}`);
    expect(english.mail?.text_body).toContain('open this link to confirm it (valid for 7 days)');
    await ctx.database.db.execute(sql`update workspaces set locale = 'es' where workspace_id = ${w.workspaceId}`);
    try {
      const spanish = await send();
      expect(spanish.mail?.subject).toBe(`Confirma que ${w.name} usa ${spanish.domain}`);
      expect(spanish.mail?.text_body).toContain('abre este enlace para confirmarlo (válido durante 7 días)');
      expect(spanish.mail?.text_body).toMatch(/\/verify-domain\/[A-Za-z0-9_-]+/);
    } finally {
      await ctx.database.db.execute(sql`update workspaces set locale = 'en-US' where workspace_id = ${w.workspaceId}`);
    }
  });

  it('proves a domain by a link e-mailed to an address at it (single use)', async () => {
    const domain = fresh();
    await as(w.personas.orgController, 'POST', base(w), { domain });
    const wrong = await as(w.personas.orgController, 'POST', `${base(w)}/${domain}/email-link`, {
      email: 'it@elsewhere.example',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ path: 'body.email', message: 'The address must be at this domain.' }),
    ]);
    const to = `it-${randomUUID().slice(0, 6)}@${domain}`;
    const sent = await as(w.personas.orgController, 'POST', `${base(w)}/${domain}/email-link`, { email: to });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ verifiedAt: null, emailSentTo: to });
    const [mail] = await outbox(to);
    const token = /\/verify-domain\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
    expect(token).toBeTruthy();
    const opened = await ctx.app.inject({ method: 'POST', url: '/api/domain-verifications', payload: { token } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ domain });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/domain-verifications', payload: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('domainLinkInvalid');
    const list = await as(w.personas.orgController, 'GET', base(w));
    expect(list.json().domains).toEqual(
      expect.arrayContaining([expect.objectContaining({ domain, method: 'email', emailSentTo: null })]),
    );
  });

  it('a domain proven by one workspace cannot be added or proven by another (409)', async () => {
    const domain = fresh();
    const a = await as(w.personas.orgController, 'POST', base(w), { domain });
    const b = await as(other.personas.orgController, 'POST', base(other), { domain });
    expect(b.statusCode).toBe(201);
    dns.records.set(domain, [a.json().txtRecord.value, b.json().txtRecord.value]);
    expect((await as(w.personas.orgController, 'POST', `${base(w)}/${domain}/dns-check`)).statusCode).toBe(200);
    const late = await as(other.personas.orgController, 'POST', `${base(other)}/${domain}/dns-check`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('domainTaken');
    const again = await as(other.personas.orgController, 'POST', base(other), { domain });
    expect(again.json().code).toBe('domainTaken');
  });

  it('refuses bad input with the field’s message', async () => {
    const cases: [unknown, string][] = [
      ['not a domain', 'Enter a domain name such as example.com.'],
      ['localhost', 'Enter a domain name such as example.com.'],
      ['gmail.com', 'A free e-mail provider cannot be a verified domain.'],
    ];
    for (const [domain, message] of cases) {
      const res = await as(w.personas.orgController, 'POST', base(w), { domain });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'body.domain', message })]);
    }
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/domain-verifications', payload: { token: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('only admins and org controllers: others 403, another workspace 404, an unknown domain 404', async () => {
    for (const who of ['projectController', 'teamMember', 'visitor'] as const) {
      const res = await as(w.personas[who], 'GET', base(w));
      expect(res.statusCode, who).toBe(403);
      const add = await as(w.personas[who], 'POST', base(w), { domain: fresh() });
      expect(add.statusCode, who).toBe(403);
    }
    expect((await as(w.personas.outsider, 'GET', base(w))).statusCode).toBe(404);
    expect((await as(other.personas.orgController, 'POST', base(w), { domain: fresh() })).statusCode).toBe(404);
    const unknown = await as(w.personas.orgController, 'POST', `${base(w)}/${fresh()}/dns-check`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('domainNotFound');
    expect((await as(w.personas.orgController, 'DELETE', `${base(w)}/${fresh()}`)).statusCode).toBe(404);
  });
});
