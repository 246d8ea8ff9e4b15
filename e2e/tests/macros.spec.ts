import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

/** Draws a stroke on a signature pad (canvas) with the mouse. */
async function draw(page: Page, pad: ReturnType<Page['locator']>) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('No signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  await page.mouse.up();
}

test('an org controller names a macro on the Daily Site Diary; a team controller runs it on a saved form and sees the value it wrote (issue 24.3)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const written = `Checked against the plant register ${stamp}`;
  // The macro's receiver on loopback (the e2e server allows private receivers: playwright.config.ts):
  // it answers the value of the field 'Work completed today' (id 'work' in the demo template).
  const received: string[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ values: { work: written } }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/macro`;
  const orgContext = await browser.newContext();
  try {
    // The org controller edits the Template Library's Daily Site Diary: Macros > Add macro.
    const org = await orgContext.newPage();
    await signInAndLand(org, demo.orgController);
    const companyId = /\/home\/companies\/([0-9a-f-]+)\/activity/.exec(org.url())?.[1] as string;
    expect(companyId).toBeTruthy();
    const templates = await org.request.get(`/api/companies/${companyId}/templates`, {
      headers: { authorization: `Bearer ${await accessToken(org)}` },
    });
    const diary = (await templates.json()).templates.find((t: { name: string }) => t.name === 'Daily Site Diary') as {
      templateId: string;
    };
    await org.goto(`/apps/companies/${companyId}/templates/${diary.templateId}/edit`);
    await org.getByRole('tab', { name: 'Macros' }).click();
    await org.getByRole('button', { name: 'Add macro' }).click();
    const dialog = org.getByRole('dialog', { name: 'Add a macro' });
    await dialog.getByLabel('Name').fill(`Plant check ${stamp}`);
    await dialog.getByLabel('Receiver URL').fill(url);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(org.getByRole('row', { name: new RegExp(`Plant check ${stamp}`) })).toContainText(url);
    await org.setViewportSize({ width: 1280, height: 800 });
    await org.screenshot({ path: test.info().outputPath('macros-tab-1280.png') });

    // The team controller opens a Site Diary form of their team and saves it first.
    await signInAndLand(page, demo.teamController);
    const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
    await page.goto(`/home/teams/${teamId}/activity`);
    await page.getByRole('link', { name: 'Forms' }).first().click();
    await page.locator('[data-form-row]').filter({ hasText: 'Site Diary' }).first().getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));
    const work = page.getByLabel('Work completed today');
    await work.fill(`Formwork stripped on level 4 ${stamp}`);

    // Unsaved edits: the macro is refused with the spec's message, nothing is sent.
    await page.getByRole('button', { name: 'Run macro' }).click();
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Please save the form before running the macro.' }),
    ).toBeVisible();
    expect(received).toHaveLength(0);

    const signature = page.locator('[data-field-id="signature"]');
    if (await signature.getByRole('button', { name: 'Sign', exact: true }).isVisible()) {
      await signature.getByRole('button', { name: 'Sign', exact: true }).click();
      await draw(page, page.getByRole('img', { name: 'Signature pad for Supervisor signature' }));
      await signature.getByRole('button', { name: 'Use signature' }).click();
      await expect(signature.getByRole('img', { name: 'Supervisor signature', exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Form saved' })).toBeVisible();
    await expect(page.getByLabel('Work completed today')).toHaveValue(`Formwork stripped on level 4 ${stamp}`);

    // Saved: the macro runs, its popup names the field it filled in, and the form shows the value.
    await page.getByRole('button', { name: 'Run macro' }).click();
    const done = page.getByRole('dialog', { name: 'Macro finished' });
    await expect(done).toContainText(`Plant check ${stamp} filled in 1 field: Work completed today.`, {
      timeout: 20_000,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('macro-done-390.png') });
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByLabel('Work completed today')).toHaveValue(written);
    expect(JSON.parse(received[0] as string)).toMatchObject({
      type: 'form.macro',
      data: { values: { work: `Formwork stripped on level 4 ${stamp}` } },
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('macro-written-1280.png') });
  } finally {
    await orgContext.close();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
