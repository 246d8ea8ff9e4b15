import { expect, test } from '@playwright/test';
import { accessToken, signInAndLand } from './helpers.ts';

/**
 * Issue 17.3: the getting-started guide shows to a free-trial user on a phone-sized screen too
 * (a phone screenshot once lacked it), above the page and within the screen's width.
 */
test('a free-trial user sees the getting-started guide on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAndLand(page, 'visitor.only@subcontractor.example');
  const token = await accessToken(page);
  const created = await page.request.post('/api/workspaces', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Phone Trial ${Date.now().toString(36)}` },
  });
  expect(created.status()).toBe(201);
  const { workspaceId } = (await created.json()) as { workspaceId: string };

  await page.goto(`/home/companies/${workspaceId}/activity`);
  const guide = page.getByRole('region', { name: 'Getting started' });
  await expect(guide).toBeVisible({ timeout: 30_000 });
  await expect(guide.getByRole('link', { name: 'Build your first template in the Template Library' })).toBeVisible();
  const box = await guide.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  // Issue 22.2: the guide offers the free templates, copied into the new workspace's Template Library.
  await guide.getByRole('link', { name: 'Start from one of our free templates' }).click();
  await page.waitForURL(`**/library-apps/companies/${workspaceId}`);
  const card = page.getByRole('article', { name: 'Daily Timesheet' });
  await card.getByRole('button', { name: 'Use template' }).click();
  await page.waitForURL(new RegExp(`/apps/companies/${workspaceId}/templates/[0-9a-f-]{36}/edit$`));
});
