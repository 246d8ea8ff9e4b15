import { expect, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

test("Submission links: a team controller makes a link from the team's Templates, archives and restores it (issue 21)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.teamController);
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await page.getByRole('link', { name: 'Submission links' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Submission links' })).toBeVisible();

  const name = `Subcontractor sign-in ${Date.now()}`;
  await page.getByRole('button', { name: 'Create link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a submission link' });
  await dialog.getByLabel('Link name').fill(name);
  const templates = dialog.getByRole('checkbox').filter({ hasNot: page.getByText(/Ask for/) });
  await templates.first().check();
  await dialog.getByLabel('Maximum submissions').fill('25');
  await dialog.getByLabel("Ask for the submitter's name").check();
  await page.screenshot({ path: test.info().outputPath('create-link.png') });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Ongoing');
  await expect(row).toContainText('0 of 25');
  await expect(row).toContainText('Never');
  await page.screenshot({ path: test.info().outputPath('links.png') });

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('dialog', { name: 'Archive link' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  const states = page.getByRole('radiogroup', { name: 'Show active or archived links' });
  await states.getByText('Archived', { exact: true }).click();
  const archived = page.getByRole('row', { name: new RegExp(name) });
  await archived.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await states.getByText('Active', { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
});

test('an anonymous person submits through an ongoing link; the form shows in the team register with its source (issue 21)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.goto(`/apps/teams/${teamId}/links`);
  await expect(page.getByRole('heading', { level: 1, name: 'Submission links' })).toBeVisible();

  // An ongoing link offering the Plant Register, asking the submitter's name.
  const name = `Gate ${stamp}`;
  await page.getByRole('button', { name: 'Create link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a submission link' });
  await dialog.getByLabel('Link name').fill(name);
  await dialog.getByRole('checkbox', { name: 'Plant Register' }).check();
  await dialog.getByLabel("Ask for the submitter's name").check();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog).toBeHidden();

  // Its address, from its QR poster.
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `QR poster of ${name}` }).click();
  const poster = page.getByRole('dialog', { name: 'QR poster' });
  await expect(poster.getByRole('img', { name: `QR code of the link ${name}` })).toBeVisible();
  const url = (await poster.getByText(/\/s\//).textContent())?.trim() as string;
  expect(url).toMatch(/^http:\/\/localhost:\d+\/s\/[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: test.info().outputPath('qr-poster.png') });
  await page.keyboard.press('Escape');
  await expect(poster).toBeHidden();

  // Someone without an account opens it in another browser, fills the form and submits.
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await visitor.getByLabel('Your name').fill('Sam Sparks');
  await visitor.getByLabel('Plant ID').fill(`EX-${stamp}`);
  await visitor.getByText("I'm not a robot").click();
  await expect(visitor.locator('altcha-widget [data-state="verified"]')).toBeAttached({ timeout: 60_000 });
  await visitor.screenshot({ path: test.info().outputPath('public-page.png'), fullPage: true });
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you, your form was submitted' })).toBeVisible();
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: 'Download a PDF copy' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await anonymous.close();

  // The team's Plant Register lists it, marked with its source.
  const token = await accessToken(page);
  const list = await page.request.get(`/api/teams/${teamId}/templates?state=active`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const templateId = (await list.json()).templates.find((t: { name: string }) => t.name === 'Plant Register')
    .templateId as string;
  await page.goto(`/apps/teams/${teamId}/register/${templateId}`);
  const form = page.locator('[data-register-row]').filter({ hasText: `EX-${stamp}` });
  await expect(form).toBeVisible();
  await expect(form.getByLabel(`Submitted through the link ${name} by Sam Sparks`)).toHaveText(`Link: ${name}`);
  await page.screenshot({ path: test.info().outputPath('register-source.png') });
});
