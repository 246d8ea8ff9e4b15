import { expect, type Page, test } from '@playwright/test';
import { mailTo } from '../mail-sink.ts';
import { demo, signInAndLand } from './helpers.ts';

/** The numbers of the preview drawn as a table: group name -> value. */
async function previewTable(page: Page): Promise<Record<string, string>> {
  const rows = page.getByTestId('chart-preview').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
  );
  return Object.fromEntries(cells.map(([name, value]) => [name, value]));
}

/** Choose the chart's templates in the editor, then close their list (it stays open for more). */
async function chooseTemplates(page: Page, names: string[]) {
  const editor = page.getByRole('dialog');
  await editor.getByRole('combobox', { name: 'Templates' }).click();
  for (const name of names) await page.getByRole('option', { name }).click();
  await editor.getByLabel('Title').click();
}

test('a team controller builds a chart counting forms by a field, filters it and opens the register behind a bar', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.getByRole('link', { name: 'Analytics', exact: true }).first().click();
  await expect(page).toHaveURL(`/analytics/teams/${teamId}/dashboards/grid`);

  const name = `Inspections ${Date.now()}`;
  await page.getByRole('button', { name: 'New dashboard' }).click();
  await page.getByLabel('Dashboard name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Add chart' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill('Inspections by area');
  await chooseTemplates(page, ['Site Inspection Checklist']);
  await editor.getByRole('combobox', { name: 'Field', exact: true }).click();
  await page.getByRole('option', { name: 'Area inspected' }).click();
  await editor.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Table' }).click();
  const before = await previewTable(page);
  const total = (counts: Record<string, string>) => Object.values(counts).reduce((sum, v) => sum + Number(v), 0);
  expect(total(before)).toBeGreaterThan(1);

  // A filter: only the inspections that found access and egress clear.
  await editor.getByRole('button', { name: 'Add filter' }).click();
  await editor.getByRole('combobox', { name: 'Filter 1 field' }).click();
  await page.getByRole('option', { name: 'Access and egress clear' }).click();
  await editor.getByRole('textbox', { name: 'Filter 1 value' }).fill('yes');
  await expect.poll(async () => total(await previewTable(page))).toBeLessThan(total(before));

  await editor.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Bar', exact: true }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  // A bar of the chart on the dashboard opens the register filtered to its forms.
  const card = page.getByRole('region', { name: 'Inspections by area' });
  const bar = card.locator('[data-testid="chart"] svg path[fill]:not([fill="none"]):not([fill="transparent"])').first();
  await expect(bar).toBeVisible();
  // Once drawn, the chart's loader is gone.
  await expect(card.locator('.mantine-Loader-root')).toBeHidden();
  await bar.click({ force: true });
  await expect(page).toHaveURL(new RegExp(`/apps/teams/${teamId}/register/[0-9a-f-]+\\?filter=`));
  const url = new URL(page.url());
  expect(url.searchParams.getAll('filter')).toEqual([
    expect.stringMatching(/^field:item-1:eq:yes$/),
    expect.stringMatching(/^field:area:eq:/),
  ]);
  await expect(page.getByRole('button', { name: /Remove filter field:area:eq:/ })).toBeVisible();
});

test('a stacked bar splits each bar by a second field, and a part of a bar opens the register of its forms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.goto(`/analytics/teams/${teamId}/dashboards/grid`);
  const name = `Inspectors ${Date.now()}`;
  await page.getByRole('button', { name: 'New dashboard' }).click();
  await page.getByLabel('Dashboard name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name }).click();

  await page.getByRole('button', { name: 'Add chart' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill('By inspector and area');
  await chooseTemplates(page, ['Site Inspection Checklist']);
  await editor.getByRole('combobox', { name: 'Field', exact: true }).click();
  await page.getByRole('option', { name: 'Inspector' }).click();
  await editor.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Stacked bar' }).click();
  await editor.getByRole('combobox', { name: 'Field that splits each bar' }).click();
  await page.getByRole('option', { name: 'Area inspected' }).click();
  // The preview draws one series per area, named in its legend.
  await expect(editor.getByTestId('chart-preview').locator('svg')).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  const card = page.getByRole('region', { name: 'By inspector and area' });
  const part = card
    .locator('[data-testid="chart"] svg path[fill]:not([fill="none"]):not([fill="transparent"])')
    .first();
  await expect(part).toBeVisible();
  await part.click({ force: true });
  await expect(page).toHaveURL(new RegExp(`/apps/teams/${teamId}/register/[0-9a-f-]+\\?filter=`));
  const url = new URL(page.url());
  expect(url.searchParams.getAll('filter')).toEqual([
    expect.stringMatching(/^field:inspector:eq:[0-9a-f-]+$/),
    expect.stringMatching(/^field:area:(eq:.+|empty)$/),
  ]);
});

test('a chart over two templates counts the forms of both by a field they share, and a row offers each register', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.goto(`/analytics/teams/${teamId}/dashboards/grid`);
  const name = `Diaries and talks ${Date.now()}`;
  await page.getByRole('button', { name: 'New dashboard' }).click();
  await page.getByLabel('Dashboard name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name }).click();

  await page.getByRole('button', { name: 'Add chart' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill('Diaries and talks');
  await chooseTemplates(page, ['Daily Site Diary', 'Toolbox Talk']);
  // Only the fields both templates have: Date, not the diary's Weather.
  await editor.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Template' }).click();
  await editor.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Table' }).click();
  const byTemplate = await previewTable(page);
  expect(Object.keys(byTemplate).sort()).toEqual(['Daily Site Diary', 'Toolbox Talk']);
  await editor.getByRole('button', { name: 'Add filter' }).click();
  await editor.getByRole('combobox', { name: 'Filter 1 field' }).click();
  await expect(page.getByRole('option', { name: 'Date', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Weather' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Date', exact: true }).click();
  await editor.getByRole('button', { name: 'Remove filter' }).click();

  await editor.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Nothing (one number)' }).click();
  const total = Number(byTemplate['Daily Site Diary']) + Number(byTemplate['Toolbox Talk']);
  await expect.poll(async () => previewTable(page)).toEqual({ 'All forms': String(total) });
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();

  // A register lists one template's forms: the row offers both, each with its count.
  await page.getByRole('region', { name: 'Diaries and talks' }).getByRole('cell', { name: 'All forms' }).click();
  const choice = page.getByRole('dialog', { name: 'Open the forms of All forms' });
  await expect(choice.getByRole('link', { name: /Daily Site Diary/ })).toContainText(
    `${byTemplate['Daily Site Diary']} form`,
  );
  await choice.getByRole('link', { name: /Toolbox Talk/ }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/teams/${teamId}/register/[0-9a-f-]+$`));
  await expect(page.getByRole('heading', { name: /Toolbox Talk/ })).toBeVisible();
});

test('a team controller moves and resizes a chart in the grid with the keyboard, and the places are saved', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.goto(`/analytics/teams/${teamId}/dashboards/grid`);
  const name = `Layout ${Date.now()}`;
  await page.getByRole('button', { name: 'New dashboard' }).click();
  await page.getByLabel('Dashboard name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Add chart' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill('Areas');
  await chooseTemplates(page, ['Site Inspection Checklist']);
  await editor.getByRole('combobox', { name: 'Field', exact: true }).click();
  await page.getByRole('option', { name: 'Area inspected' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  const cell = page.getByTestId('grid-cell');
  await expect(cell).toHaveAttribute('data-layout', '0,0,6,4');

  // Space picks the chart up, each arrow key moves it one cell, space drops it.
  await page.getByRole('button', { name: 'Move Areas' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Areas.')).toBeAttached();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Areas: column 4, row 1, 6 columns wide, 4 rows high.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(cell).toHaveAttribute('data-layout', '3,0,6,4');

  // Each key waits for the announcement of the one before: a key pressed before the grid has
  // answered the last one is lost (a person reads the announcement first).
  await page.getByRole('button', { name: 'Resize Areas' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Areas.')).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Areas: column 4, row 1, 7 columns wide, 4 rows high.')).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Areas: column 4, row 1, 8 columns wide, 4 rows high.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Areas: column 4, row 1, 8 columns wide, 5 rows high.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(cell).toHaveAttribute('data-layout', '3,0,8,5');

  await page.reload();
  await expect(page.getByTestId('grid-cell')).toHaveAttribute('data-layout', '3,0,8,5');

  // With the pointer: dragged by its handle three columns to the left, back to the first column.
  const grid = await page.getByTestId('dashboard-grid').boundingBox();
  const handle = await page.getByRole('button', { name: 'Move Areas' }).boundingBox();
  if (!grid || !handle) throw new Error('the grid is not drawn');
  const column = (grid.width + 12) / 12;
  const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x - column, start.y, { steps: 5 });
  await page.mouse.move(start.x - 3 * column, start.y + 5, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByTestId('grid-cell')).toHaveAttribute('data-layout', '0,0,8,5');
  await page.reload();
  await expect(page.getByTestId('grid-cell')).toHaveAttribute('data-layout', '0,0,8,5');
});

test('a team controller subscribes to the weekly snapshot e-mail, gets one with the chart, and unsubscribes by its link', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.teamController);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  await page.goto(`/analytics/teams/${teamId}/dashboards/grid`);
  await page.getByRole('link', { name: 'Site inspections' }).click();

  await page.getByRole('button', { name: 'Snapshot e-mails' }).click();
  const dialog = page.getByRole('dialog', { name: 'Snapshot e-mails' });
  const weekly = dialog.getByRole('checkbox', { name: /Weekly/ });
  if (await weekly.isChecked()) {
    // A rerun on the same data: start from no subscription.
    await weekly.click();
    await expect(weekly).not.toBeChecked();
  }
  // The box shows the server's answer (it is checked once the subscription is saved).
  await weekly.click();
  await expect(weekly).toBeChecked();
  await dialog.getByRole('button', { name: 'Send the weekly one now' }).click();
  await expect(page.getByText('On its way to your inbox')).toBeVisible();

  // The job draws the dashboard on the server and the outbox sends it: the chart as an inline PNG.
  let mail: string | undefined;
  await expect
    .poll(
      () => {
        mail = mailTo(demo.teamController);
        return mail?.includes('Subject: Your weekly snapshot: Site inspections') ? mail : undefined;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  expect(mail).toContain('Content-Type: image/png');
  // The mail program's own Unsubscribe button: one click posts to the link (RFC 8058).
  // (A long header is folded onto the next line.)
  expect(mail).toMatch(/^List-Unsubscribe:\s+<http\S+\/api\/public\/snapshot-subscriptions\/\S+\/unsubscribe>$/m);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(mail).toMatch(/<img src="cid:chart-\d+@formwork"/);
  expect(mail).toContain('Inspections by area');
  const link = /Stop these e-mails: (http\S+)/.exec(mail ?? '')?.[1] as string;
  expect(link).toContain('/snapshots/unsubscribe/');

  // The link works without signing in: it says what it stops, and stops it on a click.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(
    visitor.getByText('Stop the weekly snapshot e-mail of Site inspections (Acme Construction)?'),
  ).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByText('You will not get this snapshot e-mail any more.')).toBeVisible();
  await context.close();

  await page.reload();
  await page.getByRole('button', { name: 'Snapshot e-mails' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Snapshot e-mails' }).getByRole('checkbox', { name: /Weekly/ }),
  ).not.toBeChecked();
});
