// Issue 4, in the browser: a workspace of 2,000 projects x 10 teams in Debian's Chromium, served by
// the production server (as `npm start` runs it). How long
// after the tree's data arrives the navigation shows its first projects (goal < 300 ms), and
// the most project rows the page ever holds while scrolling to the end (goal ~60).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from '@formwork/server/src/modules/identity/password.ts';
import { chromium } from '@playwright/test';
import { report } from './lib/figures.ts';
import { benchWorkspaceSql, inWorkspace } from './lib/in-workspace.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const projects = Number(process.env.BENCH_PROJECTS ?? 2000);
const teamsPerProject = Number(process.env.BENCH_TEAMS ?? 10);
const password = 'Bench-password-1';

const server = await prepareServerProcess(undefined, {
  webDist: path.resolve(import.meta.dirname, '../apps/web/dist'),
});
const workspaceId = randomUUID();
const userId = randomUUID();
const email = `nav-${userId}@example.com`;
await server.database.execScript(
  inWorkspace(
    workspaceId,
    benchWorkspaceSql({
      workspaceId,
      name: 'Big Builders',
      controller: { userId, email, passwordHash: await hashPassword(password) },
      projects,
      teamsPerProject,
    }),
  ),
);

await server.start();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Timed inside the page: when the tree's bytes arrived (resource timing) and when the first
  // project row appeared (a mutation observer), on the browser's own clock.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (document.querySelector('[data-folder-row="project"]')) {
        (window as unknown as { firstProjectAt: number }).firstProjectAt = performance.now();
        seen.disconnect();
      }
    });
    document.addEventListener('DOMContentLoaded', () =>
      seen.observe(document.body, { childList: true, subtree: true }),
    );
  });
  await page.goto(`${server.url}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const treeArrived = page.waitForResponse((r) => /\/folders\?state=active/.test(r.url()), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await (await treeArrived).finished();
  const rows = page.locator('[data-folder-row="project"]');
  // Projects start expanded and the list is virtualised: the first screenful is what shows.
  await rows.first().waitFor({ timeout: 30_000 });
  const afterData = await page.evaluate(() => {
    const tree = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.includes('/folders?state=active')) as PerformanceResourceTiming;
    return (window as unknown as { firstProjectAt: number }).firstProjectAt - tree.responseEnd;
  });
  report('folderNav.firstProjects.afterData', afterData, 'ms', {
    projects,
    teamsPerProject,
    shown: await rows.count(),
    goal: '< 300',
  });

  // Collapsed, then scrolled to the end (10 more projects per scroll, spec 9), counting the project
  // rows in the page as we go. Bounded in time: a stall ends the walk and is reported.
  await page.getByRole('button', { name: 'Folder options' }).click();
  await page.getByRole('menuitem', { name: 'Collapse All Folders' }).click();
  const lastName = `Project ${String(projects).padStart(5, '0')}`;
  const endBy = Date.now() + 240_000;
  let most = await rows.count();
  let reachedEnd = false;
  while (Date.now() < endBy && !reachedEnd) {
    await page.locator('[data-folder-scroll]').evaluate((el) => el.scrollBy(0, el.clientHeight));
    await page.waitForTimeout(150);
    most = Math.max(most, await rows.count());
    reachedEnd = ((await rows.last().textContent()) ?? '').includes(lastName);
  }
  report('folderNav.maxProjectRowsInPage', most, 'rows', { projects, reachedEnd, goal: '~60' });
} finally {
  await browser.close();
  await server.stop();
}
