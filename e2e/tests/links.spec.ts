import { expect, test } from '@playwright/test';
import { demo, signInAndLand } from './helpers.ts';

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
