import { expect, test } from '@playwright/test';
import { demo, signInAndLand } from './helpers.ts';

test('a photo with a location shows its chainage on a project with an alignment (issue 19.4)', async ({ page }) => {
  test.setTimeout(120_000);
  // The team controller of Riverside Apartments / Civil Works: the demo project has an alignment
  // (the access road's centreline) and the demo photos were taken along it.
  await signInAndLand(page, demo.teamController);
  await page.waitForURL(/\/home\/teams\/[0-9a-f-]+\/activity/);
  await page.getByRole('link', { name: 'Photos', exact: true }).click();
  await expect(page).toHaveURL(/\/photos\/teams\/[0-9a-f-]+$/);

  // The map draws the alignment and the photos with a location, with no tile server.
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Photos show from blob: addresses the page makes; anything over the network must be our own server.
    if (url.protocol.startsWith('http') && url.origin !== new URL(page.url()).origin) outside.push(request.url());
  });
  await page.getByText('Map', { exact: true }).click();
  const map = page.getByRole('img', { name: 'Map of the alignment and the photos taken along it' });
  await expect(map).toBeVisible();
  await expect(map.getByTestId('photo-map-alignment')).toHaveCount(1);
  const points = map.getByRole('button', { name: /^Open IMG_.*Chainage/ });
  // The twelve demo photos taken outdoors (others uploaded by other specs may have no location).
  await expect(points.first()).toBeVisible();
  expect(await points.count()).toBeGreaterThanOrEqual(12);

  // A point opens its photo, which shows its chainage and offset.
  await points.first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByTestId('photo-chainage')).toHaveText(
    /^Chainage \d[\d,.]* k?m, (\d+\.\d m (left|right) of|on) the alignment$/,
  );
  expect(outside).toEqual([]);
});
