import type { Locator, Page } from '@playwright/test';
import { expect, test } from './axe.ts';
import { demo, demoPassword, folderNav } from './helpers.ts';

/**
 * Issue 27: the main journey with the keyboard alone (Tab, Shift+Tab, Enter, typing; no pointer):
 * sign in, close a menu with Escape, open a team, fill in and save a form, open the register. Every page it passes is
 * checked by axe (./axe.ts).
 */

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 120) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}

/** The focused element is drawn with a visible focus ring (an outline or a box shadow). */
async function expectVisibleFocus(target: Locator) {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(ring.outline || ring.shadow, 'a visible focus ring').toBe(true);
}

test('sign in, open a team, fill in and save a form and open the register with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const plantId = `EX-${stamp}`;

  // Sign in.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in to Formwork' })).toBeVisible();
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(demo.teamController);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(demoPassword);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/home\/(teams|projects|companies)\/[0-9a-f-]+\/activity/);

  // A menu opened from the keyboard closes on Escape, the focus back on its button.
  const userMenu = page.getByRole('button', { name: 'Open user menu' });
  await tabTo(page, userMenu);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(userMenu).toBeFocused();

  // Open the team from the folder navigation.
  const team = folderNav(page).getByRole('link', { name: 'Civil Works' }).last();
  await tabTo(page, team);
  await expectVisibleFocus(team);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/home\/teams\/[0-9a-f-]+\/activity$/);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\//.exec(page.url())?.[1] as string;

  // Its forms, a register, and a new form in it.
  const forms = page.getByRole('banner').getByRole('link', { name: 'Forms', exact: true });
  await tabTo(page, forms);
  await page.keyboard.press('Enter');
  await page.waitForURL(`/apps/teams/${teamId}/forms`);
  const register = page.getByRole('main').getByRole('link', { name: 'Plant Register' });
  await tabTo(page, register);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/register/[0-9a-f-]{36}$`));
  const registerUrl = page.url();
  const newForm = page.getByRole('link', { name: 'New form' });
  await tabTo(page, newForm);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/forms\/new\//);

  // Fill it in and save it.
  const field = page.getByLabel('Plant ID');
  await tabTo(page, field);
  await page.keyboard.type(plantId);
  await tabTo(page, page.getByLabel('Make and model'));
  await page.keyboard.type('CAT 320');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await tabTo(page, save);
  await expectVisibleFocus(save);
  await page.keyboard.press('Enter');
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Form saved' })).toBeVisible();
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));

  // Back to the register: the new form is a row of it.
  const formsAgain = page.getByRole('banner').getByRole('link', { name: 'Forms', exact: true });
  await tabTo(page, formsAgain);
  await page.keyboard.press('Enter');
  await page.waitForURL(`/apps/teams/${teamId}/forms`);
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Plant Register' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(registerUrl);
  await expect(page.locator('[data-register-row]').filter({ hasText: plantId })).toBeVisible();
});
