import { expect, test } from '@playwright/test';
import { signInAndLand } from './helpers.ts';

/**
 * Issue 17.3, spec 2.6 and 4.4: a visitor starts a trial workspace of their own from the switcher.
 * The demo's visitor-only user has no ended trial and nobody else uses their business domain, so
 * the plain visitor-trial modal shows; the new workspace opens with the getting-started guide.
 */
test('a visitor starts their own trial workspace from the switcher', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAndLand(page, 'visitor.only@subcontractor.example');
  await page.goto('/home?view=switchWorkspace');
  const switcher = page.getByRole('dialog', { name: 'Switch workspace' });
  await expect(switcher).toBeVisible({ timeout: 30_000 });
  await switcher.getByRole('button', { name: 'Add workspace' }).click();
  await expect(switcher.getByText('Start your own free trial')).toBeVisible();
  await expect(switcher.getByText(/Create a workspace of your own for subcontractor\.example/)).toBeVisible();
  await switcher.getByRole('button', { name: 'Create my own workspace' }).click();
  const name = `Visitor Trial ${Date.now().toString(36)}`;
  await switcher.getByRole('textbox', { name: 'Workspace name' }).fill(name);
  await switcher.getByRole('button', { name: 'Create workspace' }).click();

  await expect(switcher).toHaveCount(0);
  await expect(page).toHaveURL(/\/home\/companies\/[0-9a-f-]+\//, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Getting started' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('trial-widget')).toBeVisible();
});
