import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

/** A page of another site (another loopback origin) that holds the pasted embed code. */
async function hostSite(snippet: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Partner site</title><h1>Partner site</h1>${snippet}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test("embedded templates: a listed site frames a link's page and submits through it; a site not listed is refused by the browser (issue 22.3)", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();

  // A team controller makes a link and copies its embed code; no site is listed yet, and the dialog says so.
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.goto(`/apps/teams/${teamId}/links`);
  const name = `Website enquiry ${stamp}`;
  await page.getByRole('button', { name: 'Create link' }).click();
  const create = page.getByRole('dialog', { name: 'Create a submission link' });
  await create.getByLabel('Link name').fill(name);
  await create.getByRole('checkbox', { name: 'Plant Register' }).check();
  await create.getByRole('button', { name: 'Create link' }).click();
  await expect(create).toBeHidden();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Embed on a website' }).click();
  const embed = page.getByRole('dialog', { name: `Embed ${name} on a website` });
  await expect(embed.getByText('No website may show it yet')).toBeVisible();
  const snippet = (await embed.getByTestId('embed-snippet').textContent()) as string;
  expect(snippet).toMatch(/^<iframe src="http:\/\/localhost:\d+\/embed\/s\/[\w-]{43}" title=".+"/);

  const listed = await hostSite(snippet);
  const unlisted = await hostSite(snippet);
  try {
    // An org controller lists the first site under the company's Settings > Security.
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInAndLand(adminPage, demo.orgController);
    const token = await accessToken(adminPage);
    const workspaces = await (
      await adminPage.request.get('/api/workspaces/accessible', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const companyId = (workspaces.workspaces ?? workspaces).find(
      (w: { name: string }) => w.name === 'Acme Construction',
    ).workspaceId as string;
    await adminPage.goto(`/home/companies/${companyId}/settings?tab=security`);
    const section = adminPage.getByRole('region', { name: 'Allowed embed origins' });
    await section.getByLabel('Website address').fill('http://partner.example');
    await section.getByRole('button', { name: 'Add site' }).click();
    await expect(section.getByText('Use an https:// address (http:// is allowed only for localhost).')).toBeVisible();
    await section.getByLabel('Website address').fill(listed.origin);
    await section.getByRole('button', { name: 'Add site' }).click();
    await expect(section.getByText(listed.origin, { exact: true })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await adminPage.screenshot({ path: test.info().outputPath('embed-origins.png') });
    await adminPage.goto(`/home/companies/${companyId}/activity`);
    await expect(
      adminPage.getByText(/changed the settings of the workspace Acme Construction: allowed embed origins/).first(),
    ).toBeVisible();
    await admin.close();

    // The team controller's dialog now names the site.
    await page.reload();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Embed on a website' }).click();
    await expect(embed.getByText(listed.origin, { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('embed-dialog.png') });

    // Someone on the listed site fills the framed form and submits it.
    const visitors = await browser.newContext();
    const visitor = await visitors.newPage();
    await visitor.goto(listed.origin);
    const frame = visitor.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1, name })).toBeVisible();
    await frame.getByLabel('Plant ID').fill(`EMB-${stamp}`);
    await frame.getByText("I'm not a robot").click();
    await expect(frame.locator('altcha-widget [data-state="verified"]')).toBeAttached({ timeout: 60_000 });
    await visitor.screenshot({ path: test.info().outputPath('embedded-1280.png') });
    await frame.getByRole('button', { name: 'Submit' }).click();
    await expect(frame.getByRole('heading', { name: 'Thank you, your form was submitted' })).toBeVisible();

    // On a phone too.
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto(listed.origin);
    await expect(frame.getByRole('heading', { level: 1, name })).toBeVisible();
    await visitor.screenshot({ path: test.info().outputPath('embedded-390.png') });

    // The site not listed: Chromium blocks the page in its frame (an error page instead).
    const blocked = visitor.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    await visitor.goto(unlisted.origin);
    expect((await blocked).text()).toContain(`frame-ancestors ${listed.origin}`);
    await expect
      .poll(() =>
        visitor
          .frames()
          .find((f) => f !== visitor.mainFrame())
          ?.url(),
      )
      .toMatch(/^chrome-error:/);
    await expect(frame.getByRole('heading', { level: 1, name })).toBeHidden();
    await visitors.close();

    // The submission is in the team's Plant Register.
    const list = await page.request.get(`/api/teams/${teamId}/templates?state=active`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    const templateId = (await list.json()).templates.find((t: { name: string }) => t.name === 'Plant Register')
      .templateId as string;
    await page.goto(`/apps/teams/${teamId}/register/${templateId}`);
    await expect(page.locator('[data-register-row]').filter({ hasText: `EMB-${stamp}` })).toBeVisible();
  } finally {
    listed.server.close();
    unlisted.server.close();
  }
});
