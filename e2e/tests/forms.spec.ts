import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../pdf-text.ts';
import { accessToken, demo, folderNav, signInAndLand } from './helpers.ts';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Draws a stroke on a signature pad (canvas) with the mouse. */
async function draw(page: Page, pad: ReturnType<Page['locator']>) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('No signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  await page.mouse.up();
}

/** A small PNG photo (64x48). */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZElEQVR4nO3PUQkAIBTAwJfJTIY1liH8OITBAtzm7PV1wwUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY8dgFSXmjxEhBzaQAAAABJRU5ErkJggg==',
  'base64',
);

test('a team member fills a form with a signature, a photo and a formula, saves it and finds it in the register', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();

  // The team member's team (where they land).
  await signInAndLand(page, demo.teamMember);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;

  // An org controller makes a template with a formula and deploys it to that team (over the API).
  const admin = await browser.newPage();
  await signInAndLand(admin, demo.orgController);
  const companyId = /\/home\/companies\/([0-9a-f-]+)\/activity/.exec(admin.url())?.[1] as string;
  const token = await accessToken(admin);
  const headers = { authorization: `Bearer ${token}` };
  const created = await admin.request.post(`/api/companies/${companyId}/templates`, {
    headers,
    data: {
      name: `Concrete Pour ${stamp}`,
      templateCode: `CP-${stamp}`,
      formName: 'Concrete Pour',
      type: 'register',
      definition: {
        fields: [
          { id: 'element', type: 'singleLineText', label: 'Element poured', required: true },
          { id: 'length', type: 'number', label: 'Length', unit: 'm', decimals: 1 },
          { id: 'width', type: 'number', label: 'Width', unit: 'm', decimals: 1 },
          { id: 'depth', type: 'number', label: 'Depth', unit: 'm', decimals: 2 },
          { id: 'volume', type: 'formula', label: 'Volume (m3)', expression: '{length}*{width}*{depth}', decimals: 2 },
          { id: 'photos', type: 'photos', label: 'Pour photos', size: 'S' },
          { id: 'signature', type: 'signature', label: 'Supervisor signature', required: true },
        ],
        pdfFilename: {
          parts: [
            { kind: 'static', text: 'Pour' },
            { kind: 'field', fieldId: 'element' },
            { kind: 'metadata', key: 'formNumber' },
          ],
          separator: 'underscores',
          letterCase: 'uppercase',
        },
      },
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

  // New form from the team's forms page.
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await page.getByRole('button', { name: 'New form' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`Concrete Pour ${stamp}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Concrete Pour' })).toBeVisible();

  // Saving empty names the problem: the required fields.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The form has invalid or incomplete data. Please check')).toBeVisible();
  await expect(page.locator('[data-field-id="element"]')).toContainText('This field is required');

  await page.getByLabel('Element poured').fill(`Level 3 slab ${stamp}`);
  await expect(page.locator('[data-field-id="element"]')).not.toContainText('This field is required');
  await page.getByLabel('Length').fill('10');
  await page.getByLabel('Width').fill('4');
  await page.getByLabel('Depth').fill('0.25');
  // The formula follows live.
  await expect(page.locator('[data-formula-value="volume"]')).toHaveText('10');
  await page.getByLabel('Width').fill('5');
  await expect(page.locator('[data-formula-value="volume"]')).toHaveText('12.5');

  // A photo.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles({ name: 'pour.png', mimeType: 'image/png', buffer: pngBytes });
  await expect(page.getByRole('img', { name: 'Pour photos photo 1' })).toBeVisible();

  // A drawn signature.
  await page.locator('[data-field-id="signature"]').getByRole('button', { name: 'Sign', exact: true }).click();
  await draw(page, page.getByRole('img', { name: 'Signature pad for Supervisor signature' }));
  await page.getByRole('button', { name: 'Use signature' }).click();
  // Exact: the pad's own name ('Signature pad for Supervisor signature') holds the words too, and
  // the signature is the form's value only once its upload has finished and the pad has gone.
  await expect(page.getByRole('img', { name: 'Supervisor signature', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Form saved')).toBeVisible();
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));
  await expect(page.getByText('Version 1')).toBeVisible();
  await expect(page.locator('[data-formula-value="volume"]')).toHaveText('12.5');
  const formUrl = page.url();

  // Its PDF: named by the template's settings, with the values in it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`POUR_LEVEL_3_SLAB_${stamp}_1.pdf`);
  const text = await pdfText(await pdf.path());
  expect(text).toContain(`Level 3 slab ${stamp}`);
  expect(text).toContain('12.5');

  // The register lists it with the computed volume.
  await page.goto(`/apps/teams/${teamId}/register/${templateId}`);
  const register = page.getByRole('table', { name: `Concrete Pour ${stamp}` });
  const row = register.locator('[data-register-row]').filter({ hasText: `Level 3 slab ${stamp}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('12.5');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(formUrl);
});

test('a workflow form moves across all its columns, each move approved with a signature', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAndLand(page, demo.orgController);
  // Riverside Apartments (the last project by name) holds the demo workflow forms.
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'Site Safety' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site Safety' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Riverside Apartments');
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await page.getByRole('link', { name: 'Incident Report' }).click();

  // The board shows the template's columns; the demo form midway sits in Investigating.
  const board = page.locator('[data-workflow-board]');
  await expect(board.locator('[data-board-column]')).toHaveCount(3);
  await expect(board.locator('[data-board-column="Investigating"] [data-board-card]').first()).toBeVisible();

  const boardUrl = page.url();

  // A new incident.
  await page.getByRole('link', { name: 'New form' }).click();
  await page.getByLabel('Date and time of incident').fill('2026-03-02T09:30');
  await page.getByLabel('Incident type').click();
  await page.getByRole('option', { name: 'Near miss' }).click();
  await page.getByLabel('What happened?').fill(`Pallet slipped from the hoist ${stamp}`);
  // Logic: injury details only when someone was injured.
  await expect(page.getByText('Injured person(s)')).toHaveCount(0);
  await page.getByRole('group', { name: 'Was anyone injured?' }).getByText('Yes').click();
  await expect(page.getByText('Injured person(s)')).toBeVisible();
  await page.getByRole('group', { name: 'Was anyone injured?' }).getByText('No').click();
  await expect(page.getByText('Injured person(s)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Form saved')).toBeVisible();
  await page.waitForURL(/\/forms\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Incident \d+$/);
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';

  // A corrective action raised on the saved form, kept as a draft.
  const actionsCell = page.locator('[data-field-id="corrective"]');
  await actionsCell.getByRole('button', { name: 'New action' }).click();
  const newAction = page.getByRole('dialog', { name: 'New action' });
  await newAction.getByLabel('Title').fill(`Secure the hoist load ${stamp}`);
  await newAction.getByRole('button', { name: 'Save as draft' }).click();
  await expect(toast(page, 'Action saved as draft')).toBeVisible();
  await expect(actionsCell.locator(`[data-action-row="Secure the hoist load ${stamp}"]`)).toContainText('Draft');

  // Reported -> Investigating -> Closed, one approval signature per move.
  const panel = page.locator('[data-workflow-panel]');
  await expect(panel.locator('[data-workflow-column]')).toHaveText('Reported');
  for (const next of ['Investigating', 'Closed']) {
    await panel.getByRole('button', { name: `Move to ${next}` }).click();
    const dialog = page.getByRole('dialog', { name: `Approve the move to ${next}` });
    await draw(page, dialog.getByRole('img', { name: 'Approval signature pad' }));
    await dialog.getByRole('button', { name: 'Sign and move' }).click();
    await expect(toast(page, `Moved to ${next}`)).toBeVisible();
    await expect(panel.locator('[data-workflow-column]')).toHaveText(next);
  }
  await expect(panel.getByRole('button', { name: /^Move to/ })).toHaveCount(0);
  await expect(panel.getByText(/Approved by Olivia Controller/)).toHaveCount(2);

  // The board shows it closed.
  await page.goto(boardUrl);
  await expect(page.locator('[data-board-column="Closed"]').locator(`[data-board-card="${title}"]`)).toBeVisible();
});

test('leaving a form with unsaved edits asks first: Keep editing keeps them, a save does not ask', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAndLand(page, demo.teamMember);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await page.locator('[data-form-row]').filter({ hasText: 'Site Diary' }).first().getByRole('link').first().click();
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));
  const formUrl = page.url();
  const work = page.getByLabel('Work completed today');
  await work.fill(`Cable trays on level 2 ${stamp}`);

  // A folder in the navigation: the dialog asks, Keep editing stays with the edit.
  await folderNav(page).getByRole('link', { name: 'Electrical' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(formUrl);
  await expect(work).toHaveValue(`Cable trays on level 2 ${stamp}`);

  // Browser back asks the same way.
  await page.evaluate(() => history.back());
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(formUrl);
  await expect(work).toHaveValue(`Cable trays on level 2 ${stamp}`);

  // Closing the tab asks the browser's own question.
  await work.fill(`Cable trays on level 3 ${stamp}`);
  const unload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await unload;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(work).toHaveValue(`Cable trays on level 3 ${stamp}`);

  // Signed (the demo form has no signature yet) and saved: leaving no longer asks.
  const signature = page.locator('[data-field-id="signature"]');
  await signature.getByRole('button', { name: 'Sign', exact: true }).click();
  await draw(page, page.getByRole('img', { name: 'Signature pad for Supervisor signature' }));
  await signature.getByRole('button', { name: 'Use signature' }).click();
  await expect(signature.getByRole('img', { name: 'Supervisor signature', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Form saved')).toBeVisible();
  await folderNav(page).getByRole('link', { name: 'Electrical' }).first().click();
  await page.waitForURL(/\/home\/teams\/[0-9a-f-]+\/activity/);
  await expect(dialog).toHaveCount(0);
});

test("at 1280x900 the form's sticky footer leaves 'Use signature' visible and clickable", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndLand(page, demo.teamMember);
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await page.getByRole('button', { name: 'New form' }).click();
  await page.getByRole('menuitem', { name: /Daily Site Diary/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Site Diary' })).toBeVisible();

  const field = page.locator('[data-field-id="signature"]');
  await field.getByRole('button', { name: 'Sign', exact: true }).click();
  await draw(page, page.getByRole('img', { name: 'Signature pad for Supervisor signature' }));
  const use = field.getByRole('button', { name: 'Use signature' });
  // Scrolled the least way into view (as focus and keyboard scrolling do), nothing lies over it.
  await use.evaluate((button) => button.scrollIntoView({ block: 'nearest' }));
  await expect(use).toBeInViewport();
  const covered = await use.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top === null || !button.contains(top) ? (top?.outerHTML.slice(0, 120) ?? 'nothing') : null;
  });
  expect(covered).toBeNull();
  await page.screenshot({ path: test.info().outputPath('use-signature-1280x900.png') });
  await use.click();
  await expect(field.getByRole('img', { name: 'Supervisor signature', exact: true })).toBeVisible();
});
