import { expect, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

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

/**
 * Spec 4.4, 8.2: the demo visitor's own trial (Old Mill Joinery) has ended, so adding a workspace
 * while visiting Acme shows the expired modal: create own workspace, switch workspace, log out.
 */
test('a visitor whose own trial has ended sees the expired modal when adding a workspace', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.visitor);
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const { workspaces } = (await (await page.request.get('/api/workspaces/accessible', { headers })).json()) as {
    workspaces: { workspaceId: string; name: string; userType: string }[];
  };
  const acme = workspaces.find((w) => w.userType === 'visitor');
  expect(acme).toBeTruthy();
  const tree = (await (
    await page.request.get(`/api/companies/${acme?.workspaceId}/folders?state=active`, { headers })
  ).json()) as { projects: { teams: { folderId: string }[] }[] };
  const team = tree.projects.flatMap((p) => p.teams)[0]?.folderId;
  await page.goto(`/home/teams/${team}/activity?view=switchWorkspace`);

  const switcher = page.getByRole('dialog', { name: 'Switch workspace' });
  await expect(switcher).toBeVisible({ timeout: 30_000 });
  await switcher.getByRole('button', { name: 'Add workspace' }).click();
  await expect(switcher.getByText('Your free trial has ended')).toBeVisible();
  await expect(switcher.getByText(/The 30-day free trial of Old Mill Joinery has ended/)).toBeVisible();
  await expect(switcher.getByRole('button', { name: 'Logout' })).toBeVisible();
  await switcher.getByRole('button', { name: 'Switch workspace' }).click();
  await expect(switcher.getByRole('listitem').first()).toBeVisible();
  await switcher.getByRole('button', { name: 'Add workspace' }).click();
  await switcher.getByRole('button', { name: 'Create my own workspace' }).click();
  await expect(switcher.getByRole('textbox', { name: 'Workspace name' })).toBeVisible();
});
