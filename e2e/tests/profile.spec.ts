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

test('a team controller changes their name, draws their signature in Edit Profile and signs a form with it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();

  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${await accessToken(page)}` } });
  const { firstName, lastName } = (await me.json()) as { firstName: string; lastName: string };

  // A template with a signature field, deployed to that team by an org controller (over the API).
  const admin = await browser.newPage();
  await signInAndLand(admin, demo.orgController);
  const companyId = /\/home\/companies\/([0-9a-f-]+)\/activity/.exec(admin.url())?.[1] as string;
  const headers = { authorization: `Bearer ${await accessToken(admin)}` };
  const created = await admin.request.post(`/api/companies/${companyId}/templates`, {
    headers,
    data: {
      name: `Site Induction ${stamp}`,
      templateCode: `SI-${stamp}`,
      formName: 'Site Induction',
      type: 'register',
      definition: { fields: [{ id: 'signature', type: 'signature', label: 'Inductee signature', required: true }] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const templateId = (await created.json()).templateId as string;
  const deployed = await admin.request.put(`/api/templates/${templateId}/deployment`, {
    headers,
    data: { teamIds: [teamId] },
  });
  expect(deployed.status(), await deployed.text()).toBe(200);
  await admin.close();

  // Edit Profile: a new first name shows in the top bar once saved.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('First name').fill(`Casey${stamp}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByText(`Casey${stamp} ${lastName}`)).toBeVisible();

  // The signature, drawn once in Edit Profile.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await dialog.getByRole('tab', { name: 'Signature' }).click();
  await expect(dialog.getByText('You have no saved signature yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Draw' }).click();
  await draw(page, dialog.getByRole('img', { name: 'Draw your signature' }));
  await dialog.getByRole('button', { name: 'Save signature' }).click();
  await expect(dialog.getByRole('img', { name: 'My signature' })).toBeVisible();
  await expect(dialog.getByText('Drawn')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A new form: 'Use my signature' signs the field with it.
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await page.getByRole('button', { name: 'New form' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`Site Induction ${stamp}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Site Induction' })).toBeVisible();
  await page.locator('[data-field-id="signature"]').getByRole('button', { name: 'Use my signature' }).click();
  const signed = page.locator('[data-field-id="signature"]');
  await expect(signed.getByRole('img', { name: 'Inductee signature', exact: true })).toBeVisible();
  await expect(signed).toContainText(`Casey${stamp} ${lastName}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));
  await expect(page.getByText('Version 1')).toBeVisible();

  // Other specs know the demo person by their name: it goes back.
  const restored = await page.request.patch('/api/me', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { firstName, lastName },
  });
  expect(restored.status()).toBe(200);
});
