import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { accessToken, demo, folderNav, signInAndLand } from './helpers.ts';

/** The text of a PDF and how many images it draws, read with pdf.js. */
async function readPdf(path: string): Promise<{ text: string; images: number }> {
  const document = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 }).promise;
  let text = '';
  let images = 0;
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    for (const item of (await page.getTextContent()).items) if ('str' in item) text += `${item.str} `;
    const operators = await page.getOperatorList();
    images += operators.fnArray.filter(
      (op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject,
    ).length;
  }
  await document.destroy();
  return { text: text.replace(/\s+/g, ' '), images };
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** A small PNG logo (64x48), well under 50Kb. */
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZElEQVR4nO3PUQkAIBTAwJfJTIY1liH8OITBAtzm7PV1wwUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY8dgFSXmjxEhBzaQAAAABJRU5ErkJggg==',
  'base64',
);

test('an org controller changes the logo and the date display in the Settings and sees both in a PDF', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAndLand(page, demo.orgController);
  const companyId = (
    (await folderNav(page).getByRole('link', { name: 'Home Folder' }).getAttribute('href')) ?? ''
  ).split('/')[3] as string;
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const tree = await (await page.request.get(`/api/companies/${companyId}/folders?state=active`, { headers })).json();
  const teamId = (tree.projects as { teams: { folderId: string }[] }[]).find((p) => p.teams.length > 0)?.teams[0]
    ?.folderId as string;

  // A new team template (it follows the workspace's PDF settings; its default header has the logo)
  // and a form whose start time was entered at UTC+10:00.
  const created = await page.request.post(`/api/teams/${teamId}/templates`, {
    headers,
    data: {
      name: `Pour Log ${stamp}`,
      templateCode: `PL-${stamp}`,
      formName: 'Pour',
      type: 'timeline',
      definition: { fields: [{ id: 'started', type: 'dateTime', label: 'Pour started' }] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const templateId = (await created.json()).templateId as string;
  const form = await page.request.post(`/api/teams/${teamId}/forms`, {
    headers,
    data: { formId: crypto.randomUUID(), templateId, values: { started: '2025-03-14T07:45:00+10:00' } },
  });
  expect(form.status(), await form.text()).toBe(201);
  const formId = (await form.json()).formId as string;

  const exportPdf = async () => {
    await page.goto(`/apps/teams/${teamId}/forms/${formId}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    return readPdf(await (await download).path());
  };

  try {
    // Before: dates local to data entry, no logo.
    const before = await exportPdf();
    expect(before.text).toMatch(/Mar 14, 2025, 7:45\s?AM UTC\+10:00/);
    expect(before.images).toBe(0);

    // The Home Folder's Settings: the General tab takes the logo.
    await page.goto(`/home/companies/${companyId}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: logoPng });
    await expect(page.locator('[data-logo-preview]')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Workspace settings saved')).toBeVisible();
    // The folder navigation shows it (within 96 x 32 px).
    const navLogo = folderNav(page).getByRole('img', { name: 'Acme Construction' });
    await expect(navLogo).toBeVisible();
    const box = await navLogo.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(96);
    expect(box?.height).toBeLessThanOrEqual(32);

    // Documents & Formatting: dates local to the exporter.
    await page.getByRole('tab', { name: 'Documents & Formatting' }).click();
    await page.getByText('Local to exporter').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Workspace settings saved').last()).toBeVisible();

    // The activity says what changed.
    await page.goto(`/home/companies/${companyId}/activity`);
    await expect(
      page.getByText(/changed the settings of the workspace Acme Construction: documents and formatting/),
    ).toBeVisible();
    await expect(page.getByText(/changed the settings of the workspace Acme Construction: logo/)).toBeVisible();

    // The PDF: the logo in its header, the start time in the exporter's time (the web app exports in
    // the workspace's zone, Sydney, on daylight time then).
    const after = await exportPdf();
    expect(after.text).toMatch(/Mar 14, 2025, 8:45\s?AM GMT\+11/);
    expect(after.images).toBeGreaterThanOrEqual(1);
  } finally {
    // The demo workspace as it was, for the other specs.
    const restored = await page.request.patch(`/api/workspaces/${companyId}`, {
      headers,
      data: {
        logoFileId: null,
        documentSettings: {
          pdfFilename: {
            parts: [
              { kind: 'metadata', key: 'formName' },
              { kind: 'metadata', key: 'formNumber' },
            ],
            separator: 'hyphens',
            letterCase: 'lowercase',
            dateDisplay: 'localToEntry',
          },
          exportDisclaimer: 'This PDF is a copy of the form when it was exported; the form may have changed since.',
        },
      },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
