import { expect, test } from '@playwright/test';
import { demo, signInOnProvider, storedRefreshToken } from './helpers.ts';

test('an anonymous deep link goes to sign-in and lands back on that link', async ({ page }) => {
  await page.goto('/home?view=switchWorkspace');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await signInOnProvider(page, demo.teamMember);
  // /home with no folder opens the landing folder (spec 6), keeping the link's query.
  await expect(page).toHaveURL(/\/home\/teams\/[0-9a-f-]+\/activity\?view=switchWorkspace$/);
  await expect(page.getByRole('dialog', { name: 'Switch workspace' })).toBeVisible();
});

test('a wrong password shows the error and signs nobody in', async ({ page }) => {
  await page.goto('/home');
  await signInOnProvider(page, demo.teamMember, 'Not-the-password-1');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect. Please try again.');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  expect(await storedRefreshToken(page)).toBeUndefined();
});

test('logout returns to sign-in and the old refresh token no longer works', async ({ page, request }) => {
  await page.goto('/home');
  await signInOnProvider(page, demo.orgController);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  const refreshToken = await storedRefreshToken(page);
  expect(refreshToken).toBeTruthy();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Formwork' })).toBeVisible();

  const response = await request.post('/idp/token', {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken as string, client_id: 'formwork-web' },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).error).toBe('invalid_grant');

  // Signing in again asks for the password: the provider session ended too.
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Sign in to Formwork' })).toBeVisible();
});

test('the root opened from an e-mail link records the click', async ({ page }) => {
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/me/events') && r.request().method() === 'POST');
  await page.goto('/?fromEmail=weekly-summary');
  await signInOnProvider(page, demo.teamMember);
  expect((await recorded).status()).toBe(204);
  await expect(page).toHaveURL(/\/home\/teams\/[0-9a-f-]+\/activity$/);
});
