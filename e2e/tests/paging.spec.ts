import { expect, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

/**
 * Paging against the real server (issue 28.4): the register and the workflow board follow the
 * cursors the server hands out, and the board's '50+' and Show more hold for a column of 55 forms.
 * (The component tests fake the API; this proves the same against the server.)
 */
const formCount = 55;
/** Waits for what the page shows; the bound is generous for a busy machine (not a figure). */
const shows = expect.configure({ timeout: 60_000 });

test('the register and the workflow board page through 55 forms with the server’s cursors', async ({ page }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAndLand(page, demo.orgController);
  const companyId = /\/home\/companies\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const tree = await (await page.request.get(`/api/companies/${companyId}/folders?state=active`, { headers })).json();
  // Any active team (other specs leave projects of their own, some without an active team).
  const project = (tree.projects as { teams: { folderId: string }[] }[]).find((p) => p.teams.length > 0);
  const teamId = project?.teams[0]?.folderId as string;

  // A workflow template of three columns in that team, and 55 forms (all in the first column).
  const created = await page.request.post(`/api/companies/${companyId}/templates`, {
    headers,
    data: {
      name: `Paged Tasks ${stamp}`,
      templateCode: `PT-${stamp}`,
      formName: 'Task',
      type: 'workflow',
      definition: {
        fields: [
          { id: 'note', type: 'singleLineText', label: 'Note' },
          { id: 'start', type: 'approvalSignature', label: 'Started', columnId: 'doing' },
          { id: 'finish', type: 'approvalSignature', label: 'Finished', columnId: 'done' },
        ],
        workflow: {
          columns: [
            { id: 'todo', name: 'To do' },
            { id: 'doing', name: 'Doing' },
            { id: 'done', name: 'Done' },
          ],
        },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const templateId = (await created.json()).templateId as string;
  const deployed = await page.request.put(`/api/templates/${templateId}/deployment`, {
    headers,
    data: { teamIds: [teamId] },
  });
  expect(deployed.status(), await deployed.text()).toBe(200);
  const titles: string[] = [];
  for (let i = 1; i <= formCount; i++) {
    const form = await page.request.post(`/api/teams/${teamId}/forms`, {
      headers,
      data: { formId: crypto.randomUUID(), templateId, values: { note: `Note ${i}` } },
    });
    expect(form.status(), await form.text()).toBe(201);
    titles.push((await form.json()).title as string);
  }

  // The API: two pages, the second after the first page's cursor, no form twice, none missing.
  const register = `/api/teams/${teamId}/templates/${templateId}/register?limit=50&sort=updatedAt&direction=desc`;
  const first = await (await page.request.get(register, { headers })).json();
  expect(first.rows).toHaveLength(50);
  expect(first.nextCursor).toEqual(expect.any(String));
  const second = await (
    await page.request.get(`${register}&cursor=${encodeURIComponent(first.nextCursor)}`, { headers })
  ).json();
  expect(second.rows).toHaveLength(formCount - 50);
  expect(second.nextCursor).toBeNull();
  const seen = [...first.rows, ...second.rows].map((r: { title: string }) => r.title);
  expect(new Set(seen).size).toBe(formCount);
  expect([...seen].sort()).toEqual([...titles].sort());

  // The board: 50 cards and '50+' in To do, Show more brings the other 5 and the count 55.
  await page.goto(`/apps/teams/${teamId}/grid/${templateId}`);
  const todo = page.locator('[data-board-column="To do"]');
  await shows(todo.locator('[data-board-card]')).toHaveCount(50);
  await shows(todo.getByText('50+')).toBeVisible();
  await shows(page.locator('[data-board-column="Doing"] [data-board-card]')).toHaveCount(0);
  await todo.getByRole('button', { name: 'Show more' }).click();
  await shows(todo.locator('[data-board-card]')).toHaveCount(formCount);
  await shows(todo.getByText(String(formCount), { exact: true })).toBeVisible();
  await shows(todo.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  // The oldest form (the last of the second page) is on the board.
  await shows(todo.locator(`[data-board-card="${titles[0]}"]`)).toHaveCount(1);

  // The register: scrolled to the end, it asks for the second page with the server's cursor.
  const isRegister = (address: string) => new URL(address).pathname.endsWith(`/templates/${templateId}/register`);
  const cursors: string[] = [];
  const handedOut: string[] = [];
  page.on('request', (request) => {
    if (isRegister(request.url())) cursors.push(new URL(request.url()).searchParams.get('cursor') ?? '');
  });
  page.on('response', async (response) => {
    if (!isRegister(response.url()) || !response.ok()) return;
    const next = ((await response.json()) as { nextCursor: string | null }).nextCursor;
    if (next) handedOut.push(next);
  });
  await page.goto(`/apps/teams/${teamId}/register/${templateId}`);
  const table = page.getByRole('table', { name: `Paged Tasks ${stamp}` });
  await shows(table.locator('[data-register-row]').first()).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.locator('[data-register]').evaluate((el) => el.scrollBy(0, el.scrollHeight));
        return table
          .locator('[data-register-row]')
          .getByText(titles[0] as string, { exact: true })
          .count();
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  // The second page was asked for with exactly the cursor the server handed out with the first.
  const used = cursors.filter((c) => c !== '');
  expect(used.length).toBeGreaterThanOrEqual(1);
  expect(handedOut).toContain(used[0]);
});
