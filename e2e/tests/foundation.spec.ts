import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your home folder' })).toBeVisible();
});

test('the API documentation is browsable', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByText('Formwork API')).toBeVisible();
});
