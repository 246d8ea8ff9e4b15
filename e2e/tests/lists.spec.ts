import { expect, test } from '@playwright/test';
import { demo, folderNav, signInAndLand } from './helpers.ts';

test('List Library: a list is created, edited inline and replaced by a CSV after the warning (issue 18)', async ({
  page,
}) => {
  // A long journey (a list made, edited, imported, reloaded): more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await signInAndLand(page, demo.orgController);
  const companyId = (
    (await folderNav(page).getByRole('link', { name: 'Home Folder' }).getAttribute('href')) ?? ''
  ).split('/')[3] as string;

  // The legacy path leads to the List Library's active lists.
  await page.goto(`/companies/${companyId}/lists`);
  await expect(page).toHaveURL(`/lists/companies/${companyId}/active`);
  await expect(page.getByRole('heading', { level: 1, name: 'List Library' })).toBeVisible();

  const name = `Plant ${Date.now()}`;
  await page.getByRole('button', { name: 'New list' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'New list' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('textbox', { name: 'Property name' }).fill('Type');
  await page.getByRole('button', { name: 'Add property' }).click();
  await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New item' }).fill('Old crane');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('row', { name: 'Old crane' })).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importer = page.getByRole('dialog', { name: 'Import CSV' });
  await expect(
    importer.getByText('A CSV upload to a list replaces all items and properties and cannot be undone.'),
  ).toBeVisible();
  await importer.locator('input[type="file"]').setInputFiles({
    name: 'plant.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Plant,Type,Colour\r\nExcavator,Earthmoving,#ff8800\r\nCrane,Lifting,\r\n'),
  });
  await expect(importer.getByText('2 added')).toBeVisible();
  await expect(importer.getByText('1 removed')).toBeVisible();
  await expect(importer.getByText('Removed: Old crane')).toBeVisible();
  await importer.getByRole('button', { name: 'Replace all items' }).click();
  await expect(importer).toBeHidden();
  await expect(page.getByRole('row', { name: 'Excavator' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Old crane' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Type of Crane' })).toHaveValue('Lifting');

  // Inline editing: Enter saves; the change is there after a reload.
  const label = page.getByRole('textbox', { name: 'Item Crane' });
  await label.fill('Tower crane');
  await label.press('Enter');
  await expect(page.getByRole('row', { name: 'Tower crane' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Item Tower crane' })).toHaveValue('Tower crane');

  // The list is in the List Library with its counts.
  await page.getByRole('link', { name: 'Back to the lists' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test("List Library: a list deployed populated to a project shows its items in that project's Lists (issue 18.4)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.orgController);
  const hrefOf = async (folder: string) =>
    ((await folderNav(page).getByRole('link', { name: folder }).first().getAttribute('href')) ?? '').split('/')[3];
  const companyId = await hrefOf('Home Folder');
  const projectId = await hrefOf('Harbour Bridge Upgrade');

  await page.goto(`/lists/companies/${companyId}/active`);
  const name = `Subcontractors ${Date.now()}`;
  await page.getByRole('button', { name: 'New list' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'New list' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('textbox', { name: 'New item' }).fill('Harbour Electrical');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('row', { name: 'Harbour Electrical' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the lists' }).click();

  // Manage deployment: tick the project; Deployed Populated is the default.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Manage deployment' }).click();
  const dialog = page.getByRole('dialog', { name: `Manage deployment: ${name}` });
  await dialog.getByRole('checkbox', { name: 'Harbour Bridge Upgrade' }).check();
  await expect(dialog.getByRole('radio', { name: 'Deployed Populated: the items are copied' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  // The project's Lists show the deployed copy, with the library's items.
  await page.goto(`/lists/projects/${projectId}/active`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row.getByText('Deployed Populated')).toBeVisible();
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Item Harbour Electrical' })).toHaveValue('Harbour Electrical');
});
