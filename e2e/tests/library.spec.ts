import { expect, type Page, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * Issue 22.2: a team controller browses the free template library from Add Template, previews a
 * template, copies it into their team in one click, and a form is filled from the copy and saved.
 */
test('a free template is copied into a team and a form is filled from it', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;

  await page.goto(`/apps/teams/${teamId}/active`);
  await page.getByRole('button', { name: 'Template options' }).click();
  await page.getByRole('menuitem', { name: 'Add Template' }).hover();
  await page.getByRole('menuitem', { name: 'Browse free templates' }).click();
  await page.waitForURL(`**/library-apps/teams/${teamId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Free templates' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Site Diary' })).toBeVisible();
  expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(25);

  // A shelf, then a search.
  await page.getByRole('group', { name: 'Categories' }).getByText('Permits', { exact: true }).click();
  await expect(page.getByRole('article', { name: 'Hot Work Permit' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Site Diary' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Categories' }).getByText('All', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Search free templates' }).fill('likelihood');
  const card = page.getByRole('article', { name: 'Hazard Report' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  // The preview is the form as it will look; its formulas work.
  await card.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Hazard Report' });
  await expect(preview.getByText('Risk score', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // One click copies it into the team; the copy opens in the editor.
  await card.getByRole('button', { name: 'Use template' }).click();
  await expect(toast(page, 'Hazard Report was copied to')).toBeVisible();
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/templates/[0-9a-f-]{36}/edit$`));
  const templateId = /templates\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] as string;
  const token = await accessToken(page);
  const copy = await page.request.get(`/api/templates/${templateId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await copy.json()).toMatchObject({
    name: 'Hazard Report',
    folderId: teamId,
    type: 'workflow',
    currentVersion: 1,
  });

  // A form from the copy, filled and saved.
  await page.goto(`/apps/teams/${teamId}/forms`);
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await page.getByRole('button', { name: 'New form' }).click();
  await page
    .getByRole('menuitem', { name: /Hazard Report/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Hazard' })).toBeVisible();
  await page.getByLabel('Location').fill('Level 2 east stair');
  await page.getByLabel('Describe the hazard').fill('Missing handrail on the stair void');
  await page.getByLabel('Likelihood').fill('3');
  await page.getByLabel('Consequence').fill('4');
  await expect(page.locator('[data-formula-value="score"]')).toHaveText('12');
  await expect(page.locator('[data-formula-value="level"]')).toHaveText('High');
  await page.getByRole('group', { name: 'Was work stopped?' }).getByText('Yes').click();
  await page.getByLabel('Work stopped: what and by whom').fill('Stair closed by the supervisor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Form saved')).toBeVisible();
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));
  await expect(page.locator('[data-formula-value="score"]')).toHaveText('12');
});

test('a team member may browse and preview the free templates but not copy them', async ({ page }) => {
  await signInAndLand(page, demo.teamMember);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.goto(`/library-apps/teams/${teamId}`);
  const card = page.getByRole('article', { name: 'Concrete Pour Record' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use template' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Preview' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Concrete Pour Record' }).getByText('Volume delivered (m³)'),
  ).toBeVisible();
});
