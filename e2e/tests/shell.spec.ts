import { expect, test } from '@playwright/test';
import { demo, folderNav, signInAndLand, signInOnProvider } from './helpers.ts';

test('/home with no folder chosen opens the landing folder, without the hint twice', async ({ page }) => {
  await page.goto('/home');
  await signInOnProvider(page, demo.teamMember);
  await page.waitForURL(/\/home\/teams\/[0-9a-f-]+\/activity$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Please select your team from the side bar')).toHaveCount(0);
});

test('Analytics keeps the shell at every address of spec 2.2, legacy ones too', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAndLand(page, demo.orgController);
  const teamId = (
    (await folderNav(page).getByRole('link', { name: 'Site Safety' }).first().getAttribute('href')) ?? ''
  ).split('/')[3] as string;
  const companyId = (
    (await folderNav(page).getByRole('link', { name: 'Home Folder' }).getAttribute('href')) ?? ''
  ).split('/')[3] as string;

  const addresses: [string, string][] = [
    [`/analytics/teams/${teamId}`, `/analytics/teams/${teamId}/dashboards/grid`],
    [`/analytics/companies/${companyId}/dashboards/grid`, `/analytics/companies/${companyId}/dashboards/grid`],
    [`/teams/${teamId}/analytics`, `/analytics/teams/${teamId}/dashboards/grid`],
  ];
  for (const [address, landing] of addresses) {
    await page.goto(address);
    await expect(page).toHaveURL(landing);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    // The shell stays: top bar (user menu, breadcrumb) and the folder navigation.
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(folderNav(page)).toBeVisible();
  }

  // A legacy photos path lands on the team's Photos, which is built (issue 19).
  await page.goto(`/teams/${teamId}/photos`);
  await expect(page).toHaveURL(`/photos/teams/${teamId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(`/users/teams/${teamId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('on a phone the menu drawer offers every section of the folder, Forms included', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAndLand(page, demo.teamMember);
  await page.getByRole('button', { name: 'Show or hide the folders' }).click();
  const drawer = folderNav(page);
  for (const name of ['Activity', 'Forms', 'Templates', 'Users', 'Photos', 'Analytics']) {
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await drawer.getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page).toHaveURL(/\/apps\/teams\/[0-9a-f-]+\/forms$/);
});

test('a row menu is gone, not fading behind it, when the dialog it opened shows (issue 14.9)', async ({ page }) => {
  await signInAndLand(page, demo.orgController);
  await folderNav(page).getByRole('button', { name: 'Options for Harbour Bridge Upgrade' }).first().click();
  const archive = page.getByRole('menuitem', { name: 'Archive' });
  await expect(archive).toBeVisible();
  // Count the painted frames in which the menu still shows while the dialog is up. jsdom has no
  // transitions, so only a real browser shows the menu's exit fade over the dialog.
  await page.evaluate(() => {
    const w = window as unknown as { menuBehindDialog: number; frames: number };
    w.menuBehindDialog = 0;
    w.frames = 0;
    const tick = () => {
      const menu = document.querySelector<HTMLElement>('[role="menu"]');
      const shown = menu && menu.getClientRects().length > 0 && Number(getComputedStyle(menu).opacity) > 0;
      if (document.querySelector('[role="dialog"]') && shown) w.menuBehindDialog += 1;
      w.frames += 1;
      if (w.frames < 600) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await archive.click();
  const dialog = page.getByRole('dialog', { name: /^Archive/ });
  await expect(dialog).toBeVisible();
  const start = await page.evaluate(() => (window as unknown as { frames: number }).frames);
  // Well past the menu's 150 ms transition.
  await page.waitForFunction((from) => (window as unknown as { frames: number }).frames >= from + 30, start);
  expect(await page.evaluate(() => (window as unknown as { menuBehindDialog: number }).menuBehindDialog)).toBe(0);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
