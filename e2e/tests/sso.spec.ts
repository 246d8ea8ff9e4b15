import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { mailTo } from '../mail-sink.ts';
import { baseURL } from '../playwright.config.ts';
import { accessToken, demo, folderNav, signInAndLand } from './helpers.ts';

const domain = `acme-sso-${Date.now()}.example`;
const lead = `site.lead@${domain}`;
const tester = `it@${domain}`;
const invitee = `new.starter@${domain}`;
let idpProcess: ChildProcess;
let idp: { issuer: string; clientId: string; clientSecret: string };

// A second identity provider on loopback, a process of its own (apps/server/test/second-idp.ts).
test.beforeAll(async () => {
  idpProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/second-idp-cli.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      SECOND_IDP_REDIRECT_URI: `${baseURL}/idp/sso/callback`,
      SECOND_IDP_ACCOUNTS: JSON.stringify({
        [tester]: { givenName: 'Ida', familyName: 'Tester', groups: [] },
        [lead]: { givenName: 'Sam', familyName: 'Lead', groups: ['site-leads'] },
        [invitee]: { givenName: 'Idp', familyName: 'Name', groups: [] },
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  idp = await new Promise((resolve, reject) => {
    idpProcess.stdout?.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString('utf8'))));
    idpProcess.once('exit', (code) => reject(new Error(`second IdP exited with ${code}`)));
  });
});
test.afterAll(() => {
  idpProcess?.kill('SIGTERM');
});
// The second test activates an invitation at the provider the first one connects.
test.describe.configure({ mode: 'serial' });
let companyId = '';
let mappedTeam = '';

test('a workspace connected to a second identity provider sends a person of its verified domain there; they land signed in with the level their group maps to (issue 23)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAndLand(page, demo.orgController);
  const token = await accessToken(page);
  const workspaces = await (
    await page.request.get('/api/workspaces/accessible', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  companyId = (workspaces.workspaces ?? workspaces).find((w: { name: string }) => w.name === 'Acme Construction')
    .workspaceId as string;
  await page.goto(`/home/companies/${companyId}/settings?tab=security`);

  // Verified domain, proven by the link e-mailed to an address at it.
  await page.getByRole('textbox', { name: 'Domain', exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const row = page.locator(`[data-domain="${domain}"]`);
  await expect(row.getByText('Waiting for proof')).toBeVisible();
  await row.getByLabel('E-mail address at the domain').fill(tester);
  await row.getByRole('button', { name: 'Send link' }).click();
  await expect(row.getByText(`A verification link was sent to ${tester}.`)).toBeVisible();
  let text: string | undefined;
  await expect.poll(() => (text = mailTo(tester)), { timeout: 30_000 }).toBeTruthy();
  const link = /(http\S+\/verify-domain\/\S+)/.exec(text ?? '')?.[1] as string;
  const mailbox = await browser.newPage();
  await mailbox.goto(link);
  await mailbox.getByRole('button', { name: 'Verify domain' }).click();
  await expect(mailbox.getByText(`${domain} is now verified for the workspace.`)).toBeVisible();
  await mailbox.close();
  await page.reload();
  await expect(page.locator(`[data-domain="${domain}"]`).getByText('Verified by e-mail')).toBeVisible();

  // The provider, tested by a real sign-in in a new tab before it is saved.
  await page.getByLabel('Issuer URL').fill(idp.issuer);
  await page.getByLabel('Client ID').fill(idp.clientId);
  await page.getByLabel('Client secret').fill(idp.clientSecret);
  const popupOpened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Test sign-in' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Company e-mail').fill(tester);
  await popup.getByRole('button', { name: 'Sign in at the second IdP' }).click();
  await expect(popup.getByText('The sign-in worked.')).toBeVisible();
  await popup.close();
  await expect(page.getByText(`The sign-in worked (${tester}). You can save the connection.`)).toBeVisible();
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByText('Single sign-on connected')).toBeVisible();
  await expect(page.getByText(`Issuer: ${idp.issuer}`)).toBeVisible();

  // Group site-leads -> Site Safety, Controller.
  await page.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('textbox', { name: 'Group', exact: true }).fill('site-leads');
  await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
  await page
    .getByRole('option', { name: /\/ Site Safety$/ })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'Level', exact: true }).click();
  await page.getByRole('option', { name: 'Controller' }).click();
  await page.getByRole('button', { name: 'Save groups' }).click();
  await expect(page.getByText('Groups saved')).toBeVisible();
  const mapped = await (
    await page.request.get(`/api/workspaces/${companyId}/sso/group-mappings`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    })
  ).json();
  mappedTeam = mapped.mappings[0].folderId as string;

  // A person of the domain signs in: Formwork's page sends them to the second provider.
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto('/');
  await expect(person.getByRole('heading', { name: 'Sign in to Formwork' })).toBeVisible();
  await person.getByLabel('Email').fill(lead);
  await person.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    person.getByText('Your organisation signs in with single sign-on. Redirecting you to your company sign-in...'),
  ).toBeVisible();
  await person.waitForURL((url) => url.href.startsWith(idp.issuer));
  await person.getByLabel('Company e-mail').fill(lead);
  await person.getByRole('button', { name: 'Sign in at the second IdP' }).click();
  await person.waitForURL(/\/home\/(teams|projects|companies)\/[0-9a-f-]+\/activity/);
  const tree = await (
    await person.request.get(`/api/companies/${companyId}/folders`, {
      headers: { authorization: `Bearer ${await accessToken(person)}` },
    })
  ).json();
  expect(tree.viewer.roles).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'company', role: 'member' }),
      expect.objectContaining({ kind: 'team', folderId: mappedTeam, role: 'controller' }),
    ]),
  );
  // The level shows: as the team's controller they may invite people there.
  await person.goto(`/users/teams/${mappedTeam}`);
  await expect(person.getByRole('button', { name: 'Invite users' })).toBeVisible();
  await context.close();
});

test('an invited person of the verified domain activates at the company sign-in, without a password, and lands on their team (issue 16.3, spec 2.7, 4.5)', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  expect(companyId).not.toBe('');
  await signInAndLand(page, demo.orgController);
  // A team the groups do not map (a mapped folder's level follows the provider's groups).
  const teams = folderNav(page).getByRole('link', { name: 'Site Safety' });
  await expect(teams.first()).toBeVisible();
  const hrefs = await teams.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const teamId = hrefs.map((h) => h.split('/')[3] as string).find((id) => id && id !== mappedTeam) as string;
  const invited = await page.request.post(`/api/folders/${teamId}/invitations`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { email: invitee, role: 'member', userType: 'contributor' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  let text: string | undefined;
  await expect.poll(() => (text = mailTo(invitee)), { timeout: 30_000 }).toBeTruthy();
  const link = /(http\S+\/users\/activation\/\S+)/.exec(text ?? '')?.[1] as string;

  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto(link);
  await expect(person.getByRole('heading', { name: 'Join Acme Construction' })).toBeVisible();
  await expect(
    person.getByText('Your organisation signs in with single sign-on: you will not set a password here.'),
  ).toBeVisible();
  await person.getByRole('textbox', { name: 'First name' }).fill('Nia');
  await person.getByRole('textbox', { name: 'Last name' }).fill('Starter');
  await person.getByRole('textbox', { name: 'Mobile' }).fill('412 345 678');
  await person.getByRole('checkbox').check();
  await expect(person.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await person.getByRole('button', { name: 'Activate', exact: true }).click();
  await person.waitForURL((url) => url.href.startsWith(idp.issuer), { timeout: 30_000 });
  await person.getByLabel('Company e-mail').fill(invitee);
  await person.getByRole('button', { name: 'Sign in at the second IdP' }).click();
  // Signed in, on the team they were invited to, with their names from the activation.
  await person.waitForURL(new RegExp(`/home/teams/${teamId}/activity`), { timeout: 30_000 });
  const me = await (
    await person.request.get('/api/me', { headers: { authorization: `Bearer ${await accessToken(person)}` } })
  ).json();
  expect(me).toMatchObject({ email: invitee, firstName: 'Nia', isSso: true });
  await context.close();
});
