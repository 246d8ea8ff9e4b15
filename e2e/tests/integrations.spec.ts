import { expect, test } from '@playwright/test';
import { demo, signInAndLand } from './helpers.ts';

test('API tokens (issue 24.2): a member makes a read-only token, sees it once, calls the API with it and revokes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.teamMember);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Integrations' })).toBeVisible();

  const name = `Nightly export ${Date.now()}`;
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown).toContainText('will not be shown again');
  const secret = (await shown.getByLabel('Token value').textContent()) ?? '';
  expect(secret).toMatch(/^fwp_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: test.info().outputPath('token-shown.png') });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  const headers = { authorization: `Bearer ${secret}` };
  const me = await page.request.get('/api/me', { headers });
  expect(me.status()).toBe(200);
  expect(me.headers()['ratelimit-policy']).toMatch(/^"token";q=\d+;w=60$/);
  const change = await page.request.patch('/api/me', { headers, data: { firstName: 'Scripted' } });
  expect(change.status()).toBe(403);

  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Read only');
  await expect(row).not.toContainText('Never used');
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog', { name: 'Revoke API token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toBeHidden();
  expect((await page.request.get('/api/me', { headers })).status()).toBe(401);

  await page.getByRole('tab', { name: 'Documentation' }).click();
  await expect(page).toHaveURL(/\/integrations\/documentation$/);
  await expect(page.getByRole('heading', { name: 'Calling the API' })).toBeVisible();
  await page.getByRole('button', { name: /form\.saved Form saved/ }).click();
  await expect(page.getByText(/"const": "form.saved"/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter operations' }).fill('api-tokens');
  await expect(page.getByRole('button', { name: /POST \/api\/me\/api-tokens/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('documentation.png') });
});
