import { expect, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

/**
 * Spec 4.4, 8.2: the demo's Old Mill Joinery is a free trial whose end date passed 10 days before
 * the server started; its trial-end job expired it. Non-admins get the forced modal; admins never.
 */
async function oldMillId(page: import('@playwright/test').Page, path: string) {
  const token = await accessToken(page);
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const { workspaces } = (await res.json()) as {
    workspaces: { workspaceId: string; name: string; account: { subscriptionStatus: string } }[];
  };
  const oldMill = workspaces.find((w) => w.name === 'Old Mill Joinery');
  expect(oldMill?.account.subscriptionStatus).toBe('expired_trial');
  return oldMill?.workspaceId as string;
}

const ended = 'Your 30-day free trial of Formwork has ended';

test('a trial whose end date passed shows the expired modal to a member', async ({ page }) => {
  await signInAndLand(page, demo.visitor);
  const id = await oldMillId(page, '/api/workspaces/accessible');
  await page.goto(`/home/companies/${id}/activity`);
  const modal = page.getByRole('dialog', { name: ended });
  // The shell reloads the signed-in session on a fresh page load first.
  await expect(modal).toBeVisible({ timeout: 30_000 });
  await expect(modal.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  // The top bar's trial widget says so too.
  await expect(page.getByTestId('trial-widget')).toHaveAccessibleName('Free trial ended');
});

test('an admin opening the same workspace is not forced', async ({ page }) => {
  await signInAndLand(page, demo.admin);
  const id = await oldMillId(page, '/api/workspaces/search?q=old%20mill');
  await page.goto(`/home/companies/${id}/activity`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Old Mill Joinery').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: ended })).toHaveCount(0);
});
