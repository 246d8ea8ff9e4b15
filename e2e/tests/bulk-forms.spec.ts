import { expect, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

test('bulk form creation: a 100-row CSV creates 100 forms; a CSV with a bad row shows it and downloads the report (issue 21.4)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  const token = await accessToken(page);
  const name = `Crew Induction ${stamp}`;
  const created = await page.request.post(`/api/teams/${teamId}/templates`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      templateCode: `CI-${stamp}`,
      formName: 'Crew Induction',
      type: 'register',
      definition: {
        fields: [
          { id: 'company', type: 'singleLineText', label: 'Company', required: true },
          { id: 'due', type: 'date', label: 'Due date' },
          { id: 'crew', type: 'number', label: 'Crew', decimals: 0 },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const templateId = (await created.json()).templateId as string;

  await page.goto(`/apps/teams/${teamId}/register/${templateId}`);
  await page.getByRole('button', { name: 'Create from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: `Create forms of ${name} from a CSV` });
  const template = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV template' }).click();
  expect((await template).suggestedFilename()).toBe(`${name}.csv`);

  // 100 rows: every one is checked, then created by the job.
  const rows = Array.from({ length: 100 }, (_, i) => `Company ${stamp} ${i},2026-12-01,${i}`).join('\n');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'crews.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Company,Due date,Crew\n${rows}\n`),
  });
  await expect(dialog.getByRole('table', { name: 'Rows to create' })).toBeVisible();
  await expect(dialog.getByText('100 of 100 rows can be created.', { exact: false })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bulk-preview.png') });
  await dialog.getByRole('button', { name: 'Create 100 forms' }).click();
  await expect(dialog.getByText('Forms created: 100. Rows not created: 0.')).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('bulk-done.png') });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  // The register lists newest first, and a chunk's 25 forms share one time: any of them may be on top.
  await expect(
    page
      .locator('[data-register-row]')
      .filter({ hasText: `Company ${stamp} ` })
      .first(),
  ).toBeVisible();

  // A file with a bad row: the preview says which cell, and the report lists it.
  await page.getByRole('button', { name: 'Create from CSV' }).click();
  const again = page.getByRole('dialog', { name: `Create forms of ${name} from a CSV` });
  await again.locator('input[type=file]').setInputFiles({
    name: 'more.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Company,Due date,Crew\nLate Co ${stamp},2026-12-03,2\nBad Co,01/12/2026,3\n`),
  });
  await expect(again.getByText('CSV file has formatting errors.', { exact: false })).toBeVisible();
  await expect(again.getByText('Due date: Enter a date as YYYY-MM-DD')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bulk-errors.png') });
  await again.getByRole('button', { name: 'Create 1 form' }).click();
  await expect(again.getByText('Forms created: 1. Rows not created: 1.')).toBeVisible({ timeout: 60_000 });
  const report = page.waitForEvent('download');
  await again.getByRole('button', { name: 'Download error report' }).click();
  const file = await report;
  expect(file.suggestedFilename()).toMatch(/^rejected-rows-.*\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain('3,Bad Co,01/12/2026,3,Due date: Enter a date as YYYY-MM-DD');
});
