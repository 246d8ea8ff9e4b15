import { expect, test } from '@playwright/test';
import { demo, signInAndLand } from './helpers.ts';

test('a page of an older build offers to refresh once the server serves a newer one (issue 25.5)', async ({ page }) => {
  await signInAndLand(page, demo.orgController);
  const ownBuild = await page.locator('meta[name="formwork-build"]').getAttribute('content');
  expect(ownBuild).toMatch(/^[\w-]+$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A deployment happens: from now on the server's answers name another build.
  const newer = async (route: import('@playwright/test').Route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-formwork-build': 'a-newer-build' } });
  };
  await page.route('**/api/**', newer);
  // The page still runs its own build (its index.html is not rerouted); its next API answers name
  // the newer one. Whichever call answers first asks, so nothing is clicked in between.
  await page.reload();
  const prompt = page.getByRole('dialog', { name: 'Update available' });
  await expect(prompt).toContainText('A new version is available (press Ok to refresh)');

  // Ok loads the page again, now from the server's build: no question any more.
  await page.unroute('**/api/**', newer);
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Ok' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
