import { expect, test } from '@playwright/test';
import { demo, signInAndLand } from './helpers.ts';

/**
 * Issue 14 item 7: My actions closes on Escape and links back to the form an action came from;
 * the action modal does too, and offers the viewer among the assignees (anyone who can see the
 * team), without the old "for now you can assign to yourself" note.
 */
test('My actions: Escape closes it, an action opens its modal and links back to its form', async ({ page }) => {
  await signInAndLand(page, demo.teamMember);
  const button = page.getByRole('button', { name: 'My actions' });
  const handrail = 'Replace the damaged handrail on level 2';

  await button.click();
  const popover = page.getByRole('dialog').filter({ hasText: handrail });
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('link', { name: 'Open the form' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  await button.click();
  await popover.getByText(handrail).click();
  const modal = page.getByRole('dialog', { name: 'Action' });
  await expect(modal).toBeVisible();
  await expect(popover).toBeHidden();
  await expect(modal).not.toContainText('for now you can assign to yourself');
  await modal.getByLabel('Assignee').click();
  await page.getByRole('option', { name: 'Tom Member' }).click();

  await modal.getByRole('link', { name: 'Open the form' }).click();
  await expect(page).toHaveURL(/\/apps\/teams\/[0-9a-f-]{36}\/forms\/[0-9a-f-]{36}$/);
  await expect(modal).toBeHidden();
});

test("the e-mail's launch link names the workspace: it lands there and opens the action (issue 14.11)", async ({
  page,
}) => {
  const mine = page.waitForResponse((r) => r.url().includes('/api/me/actions') && r.ok());
  await signInAndLand(page, demo.teamMember);
  const { actions } = (await (await mine).json()) as {
    actions: { actionId: string; title: string; path: { workspace: { id: string } } }[];
  };
  const handrail = actions.find((a) => a.title === 'Replace the damaged handrail on level 2');
  expect(handrail).toBeDefined();
  const { actionId, path } = handrail as NonNullable<typeof handrail>;
  await page.goto(`/launch?${new URLSearchParams({ actionId, workspaceId: path.workspace.id })}`);
  await expect(page).toHaveURL(/\/home\/(teams|projects|companies)\/[0-9a-f-]+\/activity\?actionId=/);
  const modal = page.getByRole('dialog', { name: 'Action' });
  await expect(modal.getByLabel('Title')).toHaveValue('Replace the damaged handrail on level 2');
});
