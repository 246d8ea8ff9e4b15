import { expect, type Locator, type Page, test } from '@playwright/test';
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
  // A template a person without an account can fill (the first, the Daily Site Diary, asks for a site supervisor).
  await dialog.getByRole('checkbox', { name: 'Plant Register' }).check();
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

/** Draws a few strokes on a signature pad. */
async function draw(page: Page, pad: Locator) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('No signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  await page.mouse.up();
}

// A 2x2 PNG: what a phone's camera gives, smaller.
const photoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP438AARAwQCgAt7gX9iz9uhAAAAABJRU5ErkJggg==',
  'base64',
);

test('an anonymous person adds a photo and signs through a link, submits while the signature uploads, and the form in the register shows both (issue 21)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const name = `Visitor Induction ${stamp}`;
  const created = await page.request.post(`/api/teams/${teamId}/templates`, {
    headers,
    data: {
      name,
      templateCode: `VI-${stamp}`,
      formName: 'Visitor Induction',
      type: 'register',
      definition: {
        fields: [
          { id: 'company', type: 'singleLineText', label: 'Company', required: true },
          { id: 'photo', type: 'photos', label: 'Photo of your ticket', required: true, size: 'M' },
          { id: 'signature', type: 'signature', label: 'Your signature', required: true },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const templateId = (await created.json()).templateId as string;
  const made = await page.request.post(`/api/teams/${teamId}/links`, {
    headers,
    data: { name: `Gate ${stamp}`, kind: 'ongoing', templateIds: [templateId], askSubmitterName: true },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { token } = await made.json();

  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`/s/${token}`);
  await expect(visitor.getByRole('heading', { level: 1, name: `Gate ${stamp}` })).toBeVisible();
  // Photos and signatures are sent as they are added: the human check comes first.
  await expect(visitor.getByText('Confirm that you are not a robot first')).toBeVisible();
  await visitor.getByText("I'm not a robot").click();
  await expect(visitor.locator('altcha-widget [data-state="verified"]')).toBeAttached({ timeout: 60_000 });
  await visitor.getByLabel('Your name').fill('Sam Sparks');
  await visitor.getByLabel('Company').fill(`Sparks ${stamp}`);
  await visitor
    .locator('[data-field-id="photo"] input[type=file]')
    .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: photoPng });
  await expect(visitor.getByRole('img', { name: 'Photo of your ticket photo 1' })).toBeVisible();
  await visitor.screenshot({ path: test.info().outputPath('public-files-1280.png'), fullPage: true });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: test.info().outputPath('public-files-390.png'), fullPage: true });
  const signature = visitor.locator('[data-field-id="signature"]');
  await signature.getByRole('button', { name: 'Sign', exact: true }).click();
  await draw(visitor, visitor.getByRole('img', { name: 'Signature pad for Your signature' }));
  await signature.getByRole('button', { name: 'Use signature' }).click();
  // Submit at once, while the signature may still be uploading: the page waits for it.
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you, your form was submitted' })).toBeVisible();
  await visitor.screenshot({ path: test.info().outputPath('public-submitted-390.png'), fullPage: true });
  await anonymous.close();

  // The team's register lists it; the form shows the photo and the signature.
  await page.goto(`/apps/teams/${teamId}/register/${templateId}`);
  const row = page.locator('[data-register-row]').filter({ hasText: `Sparks ${stamp}` });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(`Submitted through the link Gate ${stamp} by Sam Sparks`)).toBeVisible();
  await row.getByRole('link').first().click();
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));
  const photo = page.getByRole('img', { name: 'Photo of your ticket photo 1' });
  const signed = page.locator('[data-field-id="signature"]').getByRole('img', { name: 'Your signature' });
  await expect(photo).toBeVisible();
  await expect(signed).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await signed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('[data-field-id="signature"]')).toContainText('Sam Sparks');
  await page.screenshot({ path: test.info().outputPath('register-form-with-files.png'), fullPage: true });
});
