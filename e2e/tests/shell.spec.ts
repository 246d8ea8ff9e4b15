import { expect, test } from '@playwright/test';
import { demo, folderNav, signInAndLand, signInOnProvider } from './helpers.ts';

test('/home with no folder chosen opens the landing folder, without the hint twice', async ({ page }) => {
  await page.goto('/home');
  await signInOnProvider(page, demo.teamMember);
  await page.waitForURL(/\/home\/teams\/[0-9a-f-]+\/activity$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Please select your team from the side bar')).toHaveCount(0);
});

test('sections that are not built yet keep the shell and say so, at every address', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAndLand(page, demo.orgController);
  const teamId = (
    (await folderNav(page).getByRole('link', { name: 'Site Safety' }).first().getAttribute('href')) ?? ''
  ).split('/')[3] as string;
  const companyId = (
    (await folderNav(page).getByRole('link', { name: 'Home Folder' }).getAttribute('href')) ?? ''
  ).split('/')[3] as string;
  const projectId = (
    (await folderNav(page).getByRole('link', { name: 'Harbour Bridge Upgrade' }).getAttribute('href')) ?? ''
  ).split('/')[3] as string;

  const addresses: [string, string][] = [
    [`/photos/teams/${teamId}`, 'Photos'],
    [`/analytics/teams/${teamId}`, 'Analytics'],
    [`/analytics/companies/${companyId}/dashboards/grid`, 'Analytics'],
    [`/lists/companies/${companyId}`, 'List Library'],
    [`/lists/projects/${projectId}/active`, 'Lists'],
    [`/home/teams/${teamId}/settings`, 'Settings'],
  ];
  for (const [address, section] of addresses) {
    await page.goto(address);
    await expect(page).toHaveURL(address);
    await expect(page.getByText(`${section} is not available yet`)).toBeVisible();
    // The shell stays: top bar (user menu, breadcrumb) and the folder navigation.
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(folderNav(page)).toBeVisible();
  }

  // A legacy photos path lands there too; the section link in the top bar goes there.
  await page.goto(`/teams/${teamId}/photos`);
  await expect(page).toHaveURL(`/photos/teams/${teamId}`);
  await expect(page.getByText('Photos is not available yet')).toBeVisible();
  await page.getByRole('link', { name: "Go to the folder's activity" }).click();
  await expect(page).toHaveURL(`/home/teams/${teamId}/activity`);
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
