import { fieldTypeLabels, fieldTypes } from '@formwork/shared/fields/field';
import { expect, type Page, test } from '@playwright/test';
import { demo, signInAndLand } from './helpers.ts';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const fieldCards = (page: Page) => page.locator('[data-field-card]');

test('an org controller builds a template in a new tab, deploys it to two teams, and a team member sees it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const tabName = `Permits ${stamp}`;
  const templateName = `Hot Work Permit ${stamp}`;

  await signInAndLand(page, demo.orgController);
  await page.getByRole('link', { name: 'Template Library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Template Library' })).toBeVisible();

  // Create a tab: a local new tab with an empty name, saved on Enter and opened.
  await page.getByRole('button', { name: 'Template options' }).click();
  await page.getByRole('menuitem', { name: 'Create tab' }).click();
  const tabInput = page.getByRole('textbox', { name: 'Tab name' });
  await expect(tabInput).toBeFocused();
  await tabInput.fill('Safety');
  await tabInput.press('Enter');
  await expect(page.getByText('A tab with this name already exists. Tab names must be unique')).toBeVisible();
  await expect(tabInput).toBeFocused();
  await tabInput.fill(tabName);
  await tabInput.press('Enter');
  await expect(toast(page, 'Tab added')).toBeVisible();
  await page.waitForURL(/\/apps\/companies\/[0-9a-f-]+\/active\/tabs\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: tabName })).toBeVisible();
  await expect(
    page.getByRole('main').getByText('No templates in this tab yet.', { exact: false }).first(),
  ).toBeVisible();

  // Create a template with one field of every type.
  await page.getByRole('button', { name: 'Create new template' }).click();
  await page.waitForURL(/\/templates\/new/);
  await page.getByLabel('Template name').fill(templateName);
  await page.getByLabel('Template ID').fill(`HWP-${stamp}`);
  await page.getByLabel('Form name').fill('Hot work permit');
  await page.getByRole('tab', { name: 'Fields' }).click();
  // A page break placed first is refused, at the field and in the summary on save. It is added
  // first (new fields go last), not moved up past every other field: 24 clicks made the journey long.
  const pageBreak = page.locator('[data-field-card="pageBreak"]');
  await page.getByRole('button', { name: 'Add Page Break', exact: true }).click();
  for (const type of fieldTypes.filter((type) => type !== 'pageBreak')) {
    await page.getByRole('button', { name: `Add ${fieldTypeLabels[type]}`, exact: true }).click();
  }
  await expect(fieldCards(page)).toHaveCount(fieldTypes.length);
  await expect(fieldCards(page).first()).toHaveAttribute('data-field-card', 'pageBreak');
  await expect(pageBreak.getByText('A page break cannot be the first field')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Please fix the problems shown before saving')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '1 problem to fix' })).toBeVisible();

  // Move it down one place and save.
  await page.getByRole('button', { name: 'Move Page Break down' }).click();
  await expect(pageBreak.getByText('A page break cannot be the first field')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Template created')).toBeVisible();
  await page.waitForURL(/\/templates\/[0-9a-f-]+\/edit$/);
  await expect(page.getByText('Version 1')).toBeVisible();

  // The Web Preview renders the form.
  await page.getByRole('tab', { name: 'Web Preview' }).click();
  await expect(page.locator('[data-form-renderer]')).toBeVisible();

  // Back in the library, the template sits in the new tab; deploy it to two teams.
  await page.getByRole('link', { name: 'Template Library' }).first().click();
  await page.getByRole('button', { name: `${tabName}, 1 template` }).click();
  await expect(page.getByRole('table').getByRole('button', { name: templateName, exact: true })).toBeVisible();
  await page
    .getByRole('table')
    .getByRole('button', { name: `Options for ${templateName}` })
    .click();
  await page.getByRole('menuitem', { name: 'Manage Deployment' }).click();
  const dialog = page.getByRole('dialog');
  const apply = dialog.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  const riverside = dialog.getByRole('group', { name: 'Riverside Apartments' });
  await riverside.getByLabel('Electrical').check();
  await riverside.getByLabel('Civil Works').check();
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(toast(page, 'Deployment updated')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(templateName) })).toContainText('2 teams');

  // The team member of Riverside Apartments > Electrical sees it under that team's Templates.
  const context = await browser.newContext();
  const member = await context.newPage();
  await signInAndLand(member, demo.teamMember);
  await member.getByRole('link', { name: 'Templates' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await expect(member.getByRole('table').getByRole('button', { name: templateName, exact: true })).toBeVisible();
  await expect(member.getByRole('row', { name: new RegExp(templateName) })).toContainText('From the Template Library');
  // A team member may not edit, tab or deploy: the header menu has no tab or create items.
  await member.getByRole('button', { name: 'Template options' }).click();
  await expect(member.getByRole('menuitem', { name: 'Create tab' })).toHaveCount(0);
  await expect(member.getByRole('menuitem', { name: 'Add Template' })).toHaveCount(0);
  await context.close();
});

test('a formula is written by picking fields, previewed on sample values, refused with an unknown field and saved', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAndLand(page, demo.orgController);
  await page.getByRole('link', { name: 'Template Library' }).click();
  await page.getByRole('button', { name: 'Create new template' }).click();
  await page.waitForURL(/\/templates\/new/);
  await page.getByLabel('Template name').fill(`Material Costs ${stamp}`);
  await page.getByLabel('Template ID').fill(`MC-${stamp}`);
  await page.getByLabel('Form name').fill('Material costs');
  await page.getByRole('tab', { name: 'Fields' }).click();

  // Two numbers, named, then a formula (each new field opens selected).
  const fieldName = page.getByRole('textbox', { name: 'Field name' });
  await page.getByRole('button', { name: 'Add Number', exact: true }).click();
  await fieldName.fill('Quantity');
  await page.getByRole('button', { name: 'Add Number', exact: true }).click();
  await fieldName.fill('Rate');
  await page.getByRole('button', { name: 'Add Formula', exact: true }).click();

  // Pick the fields into the formula; the preview computes on sample values.
  const formula = page.getByRole('textbox', { name: 'Formula', exact: true });
  await page.getByRole('button', { name: 'Insert Quantity' }).click();
  await formula.press('End');
  await formula.pressSequentially(' * ');
  await page.getByRole('button', { name: 'Insert Rate' }).click();
  await expect(formula).toHaveValue('{Quantity} * {Rate}');
  const preview = page.locator('[data-formula-preview]');
  await expect(preview).toHaveText('Result: 1');
  await page.getByRole('textbox', { name: 'Sample value of Quantity' }).fill('4');
  await page.getByRole('textbox', { name: 'Sample value of Rate' }).fill('2.5');
  await expect(preview).toHaveText('Result: 10');

  // A field that does not exist shows inline and the save is refused.
  await formula.press('End');
  await formula.pressSequentially(' + {Discount}');
  await expect(
    page.getByText('This formula refers to a field that does not exist: {Discount} does not name a field'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Please fix the problems shown before saving')).toBeVisible();

  // Fixed, it saves, and the editor stays where the user was (the Fields tab, the formula open).
  await formula.fill('{Quantity} * {Rate}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Template created')).toBeVisible();
  await page.waitForURL(/\/templates\/[0-9a-f-]+\/edit$/);
  await expect(page.getByText('Version 1')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Fields' })).toHaveAttribute('aria-selected', 'true');
  await expect(formula).toHaveValue('{Quantity} * {Rate}');

  // Reopened, it still reads by label.
  await page.reload();
  await page.getByRole('tab', { name: 'Fields' }).click();
  await page.locator('[data-field-card="formula"] button[aria-expanded="false"]').click();
  await expect(formula).toHaveValue('{Quantity} * {Rate}');
});
