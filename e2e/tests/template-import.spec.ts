import { expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { demo, signInAndLand } from './helpers.ts';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** A fillable permit of 10 fields on 2 pages: text, date, checkbox, dropdown, radio group, signature-named text. */
async function permitPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [one, two] = [doc.addPage([595, 842]), doc.addPage([595, 842])];
  one.drawText('Permit to work', { x: 50, y: 800, size: 18, font });
  const form = doc.getForm();
  const text = (name: string, page: typeof one, y: number) =>
    form.createTextField(name).addToPage(page, { x: 200, y, width: 200, height: 20 });
  text('permit_number', one, 740);
  text('work_location', one, 700);
  text('start_date', one, 660);
  text('issued_to', one, 620);
  form.createCheckBox('isolation_in_place').addToPage(one, { x: 200, y: 580, width: 15, height: 15 });
  const hazard = form.createDropdown('hazard_class');
  hazard.addOptions(['Hot work', 'Confined space', 'Working at height']);
  hazard.addToPage(one, { x: 200, y: 540, width: 200, height: 20 });
  const shift = form.createRadioGroup('shift');
  shift.addOptionToPage('Day', two, { x: 200, y: 740, width: 15, height: 15 });
  shift.addOptionToPage('Night', two, { x: 250, y: 740, width: 15, height: 15 });
  text('controls', two, 700);
  text('expiry_date', two, 660);
  text('issuer_signature', two, 620);
  return Buffer.from(await doc.save());
}

test('a fillable PDF with 10 fields becomes a draft template with those 10 fields that the user saves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const fileName = `Permit to work ${stamp}.pdf`;

  await signInAndLand(page, demo.orgController);
  await page.getByRole('link', { name: 'Template Library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Template Library' })).toBeVisible();

  await page.getByRole('button', { name: 'Template options' }).click();
  await page.getByRole('menuitem', { name: 'Add Template' }).click();
  await page.getByRole('menuitem', { name: 'Import from documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import templates from documents' });
  await expect(dialog).toBeVisible();

  // Each refusal has its own message: a text file is not taken; the PDF is uploaded.
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a form') },
    { name: fileName, mimeType: 'application/pdf', buffer: await permitPdf() },
  ]);
  await expect(
    dialog.getByText('Unsupported file type. Please upload a PDF, Word (.docx), Excel (.xlsx) or CSV file.'),
  ).toBeVisible();
  await expect(dialog.getByText('Uploaded: being converted')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The Templates view lists the file while it is processed, then its draft.
  const processing = page.getByRole('region', { name: 'Templates being processed' });
  const row = processing.getByTestId('template-import-row').filter({ hasText: fileName });
  await expect(row.getByText('Draft ready: 10 fields')).toBeVisible({ timeout: 30_000 });
  await row.getByRole('link', { name: 'Review draft' }).click();
  await page.waitForURL(/\/templates\/new\?importId=/);

  // The draft opens in the editor beside the text read from the document.
  const source = page.getByRole('complementary', { name: 'Source document' });
  await expect(source).toContainText('permit_number');
  // Beside the draft from 1200 px, below it on a phone.
  const tabs = page.getByRole('tablist').first();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(async () => (await source.boundingBox())?.x ?? 0).toBeGreaterThan(700);
  const [wideSource, wideTabs] = [await source.boundingBox(), await tabs.boundingBox()];
  expect(wideSource && wideTabs && wideSource.y < wideTabs.y + wideTabs.height).toBe(true);
  await page.screenshot({ path: test.info().outputPath('import-draft-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await source.boundingBox())?.x ?? 999).toBeLessThan(40);
  const [narrowSource, narrowTabs] = [await source.boundingBox(), await tabs.boundingBox()];
  expect(narrowSource && narrowTabs && narrowSource.y > narrowTabs.y + narrowTabs.height).toBe(true);
  await page.screenshot({ path: test.info().outputPath('import-draft-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByLabel('Template name')).toHaveValue(`Permit to work ${stamp}`);
  await page.getByRole('tab', { name: 'Fields' }).click();
  await expect(page.locator('[data-field-card]')).toHaveCount(10);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Template created')).toBeVisible();
  await page.waitForURL(/\/templates\/[0-9a-f-]+\/edit$/);

  // Saved as a template of the library, and no longer waiting for review.
  await page.getByRole('banner').getByRole('link', { name: 'Template Library' }).click();
  await expect(page.getByRole('main').getByText(`Permit to work ${stamp}`).first()).toBeVisible();
  await expect(page.getByTestId('template-import-row').filter({ hasText: fileName })).toHaveCount(0);
});
