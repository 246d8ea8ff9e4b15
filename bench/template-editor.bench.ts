// Issue 5, in the browser: a template with 300 fields opened in the editor (goal < 1 s), timed inside
// the page in Debian's Chromium: from the navigation to the editor showing the template, and from
// choosing the Fields tab to all 300 fields on screen.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from '@formwork/server/src/modules/identity/password.ts';
import { chromium } from '@playwright/test';
import { bigDefinition } from './lib/big-template.ts';
import { percentile, report } from './lib/figures.ts';
import { inWorkspace, workspaceSql } from './lib/in-workspace.ts';
import { startBenchServer } from './lib/server.ts';

const fieldCount = Number(process.env.BENCH_FIELDS ?? 300);
const opens = Number(process.env.BENCH_CALLS ?? 5);
const password = 'Bench-password-1';

const server = await startBenchServer({ webDist: path.resolve(import.meta.dirname, '../apps/web/dist') });
const workspaceId = randomUUID();
const userId = randomUUID();
const email = `editor-${userId}@example.com`;
const w = `'${workspaceId}'`;
await server.database.execScript(
  inWorkspace(
    workspaceId,
    `  insert into users (user_id, email, first_name, last_name, password_hash)
    values ('${userId}', '${email}', 'Editor', 'Bench', '${await hashPassword(password)}');
  ${workspaceSql(workspaceId, 'Bench Builders', 'platinum')}
  insert into folders (workspace_id, folder_id, kind, name) values (${w}, ${w}, 'company', 'Bench Builders');
  insert into workspace_users (workspace_id, user_id, user_type) values (${w}, '${userId}', 'contributor');
  insert into memberships (workspace_id, folder_id, user_id, role) values (${w}, ${w}, '${userId}', 'controller');`,
  ),
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/home\//);

  // The template, created through the API with the page's own token.
  const templateId = await page.evaluate(
    async ({ companyId, definition }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) as string;
      const token = JSON.parse(localStorage.getItem(key) as string).access_token as string;
      const res = await fetch(`/api/companies/${companyId}/templates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Big inspection',
          templateCode: 'BIG-1',
          formName: 'Inspection',
          type: 'timeline',
          definition,
        }),
      });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
      return (await res.json()).templateId as string;
    },
    { companyId: workspaceId, definition: bigDefinition(fieldCount, 0) },
  );

  const openTimes: number[] = [];
  const fieldsTimes: number[] = [];
  for (let i = 0; i < opens; i++) {
    await page.goto(`${server.url}/apps/companies/${workspaceId}/templates/${templateId}/edit`);
    await page.getByRole('tab', { name: 'Fields' }).waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('input')).some((i) => i.value === 'Big inspection'),
    );
    openTimes.push(await page.evaluate(() => performance.now()));
    const clicked = await page.evaluate(() => performance.now());
    await page.getByRole('tab', { name: 'Fields' }).click();
    await page
      .locator('[data-field-card]')
      .nth(fieldCount - 1)
      .waitFor({ state: 'attached' });
    fieldsTimes.push((await page.evaluate(() => performance.now())) - clicked);
  }
  report('templateEditor.open', percentile(openTimes, 50), 'ms', {
    fields: fieldCount,
    opens,
    note: 'navigation start to the template in the editor, incl. loading the app',
    goal: '< 1000',
  });
  report('templateEditor.fieldsTab', percentile(fieldsTimes, 50), 'ms', {
    fields: fieldCount,
    opens,
    note: 'Fields tab chosen to all fields on screen',
  });
} finally {
  await browser.close();
  await server.close();
}
