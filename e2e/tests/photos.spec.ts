import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { demo, signInAndLand } from './helpers.ts';

/** A small JPEG of one colour, as a phone's photo would arrive (bytes only; the server sniffs them). */
function jpeg(colour: string) {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

test('photos uploaded with tags filter by tag, and a photo gets a comment (issue 19)', async ({ page }) => {
  test.setTimeout(150_000);
  // The team controller lands on their team (Site Safety); its Photos section is in the top bar.
  await signInAndLand(page, demo.teamController);
  await page.waitForURL(/\/home\/teams\/[0-9a-f-]+\/activity/);
  const stamp = Date.now().toString(36);
  const tagged = `pour-${stamp}.jpg`;
  const untagged = `rebar-${stamp}.jpg`;
  const tagName = `Pour ${stamp}`;

  await page.getByRole('link', { name: 'Photos', exact: true }).click();
  await expect(page).toHaveURL(/\/photos\/teams\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();

  // A team tag.
  await page.getByRole('button', { name: 'Manage tags' }).click();
  const manager = page.getByRole('dialog', { name: 'Manage tags' });
  await manager.getByLabel('New tag').fill(tagName);
  await manager.getByRole('button', { name: 'Add tag' }).click();
  await expect(
    manager.getByRole('textbox', { name: 'Tag name' }).and(page.locator(`[value="${tagName}"]`)),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(manager).toBeHidden();

  // Two photos at once through the picker, each with its progress.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photos' }).click();
  await (await chooser).setFiles([
    { name: tagged, mimeType: 'image/jpeg', buffer: await jpeg('orange') },
    { name: untagged, mimeType: 'image/jpeg', buffer: await jpeg('teal') },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem', { name: tagged })).toContainText('Uploaded');
  await expect(uploads.getByRole('listitem', { name: untagged })).toContainText('Uploaded');
  await expect(page.getByRole('button', { name: `Open photo ${tagged}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Open photo ${untagged}` })).toBeVisible();

  // The tag applied to one of them.
  await page.getByRole('checkbox', { name: `Select photo ${tagged}` }).check();
  await page.getByRole('combobox', { name: 'Tags to apply (up to 10)' }).click();
  await page.getByRole('option', { name: tagName }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Apply tags' }).click();
  await expect(page.getByText('Tags applied to 1 photo')).toBeVisible();

  // Filtered by the tag: only the tagged photo stays.
  await page.getByRole('combobox', { name: 'Tags', exact: true }).click();
  await page.getByRole('option', { name: tagName }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Open photo ${untagged}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Open photo ${tagged}` })).toBeVisible();

  // The viewer shows it with its tag; the arrow keys stay within the filtered photos.
  await page.getByRole('button', { name: `Open photo ${tagged}` }).click();
  const viewer = page.getByRole('dialog', { name: tagged });
  await expect(viewer.getByText(tagName)).toBeVisible();
  await expect(viewer.getByRole('img', { name: tagged })).toBeVisible();

  // A comment on the photo (issue 19.3), listed under it with who wrote it.
  const comments = viewer.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('No comments yet.')).toBeVisible();
  // A mention typed with @: the list of people who can see the team, picked with the keyboard.
  const box = viewer.getByRole('textbox', { name: 'Add a comment' });
  await box.fill(`Pour checked ${stamp} @Oliv`);
  await expect(viewer.getByRole('listbox', { name: 'Mention people' }).getByRole('option')).toHaveText([
    'Olivia Controller',
  ]);
  await box.press('Enter');
  await expect(box).toHaveValue(`Pour checked ${stamp} @Olivia Controller `);
  await viewer.getByRole('button', { name: 'Post comment' }).click();
  await expect(comments.getByText(`Pour checked ${stamp} @Olivia Controller`)).toBeVisible();
  await expect(comments.getByText('Mentioned: Olivia Controller')).toBeVisible();
  await expect(comments.getByText('Tara Controller')).toBeVisible();
  await expect(viewer.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');

  // The selection as a ZIP, made by a job on the server: its progress, then the download.
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await page.getByRole('checkbox', { name: `Select photo ${tagged}` }).check();
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  const status = page.getByRole('status').filter({ hasText: /ZIP|Ready to download/ });
  await expect(status.getByText(/^Ready to download: 1 photo, until /)).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await status.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^photos-\d{4}-\d{2}-\d{2}\.zip$/);
});
