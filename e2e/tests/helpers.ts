import { expect, type Page } from '@playwright/test';

export const demoPassword = process.env.DEMO_PASSWORD ?? 'Formwork-demo-2026';

export const demo = {
  admin: 'admin@acme.example',
  orgController: 'org.controller@acme.example',
  orgMember: 'org.member@acme.example',
  projectController: 'project.controller@acme.example',
  projectMember: 'project.member@acme.example',
  teamController: 'team.controller@acme.example',
  teamMember: 'team.member@acme.example',
  visitor: 'visitor@acme.example',
};

/** Fills the embedded provider's sign-in page. */
export async function signInOnProvider(page: Page, email: string, password = demoPassword) {
  await expect(page.getByRole('heading', { name: 'Sign in to Formwork' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the app at `path` and signs in when asked; waits until the app is back at `path`. */
export async function signIn(page: Page, email: string, path = '/') {
  await page.goto(path);
  await signInOnProvider(page, email);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** The bearer token the signed-in app holds (to set up data over the API). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) as string;
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key) as string).access_token as string;
    }
    return undefined;
  });
  expect(token).toBeTruthy();
  return token as string;
}

/** The refresh token the app holds (oidc-client-ts keeps the user in localStorage). */
export async function storedRefreshToken(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) as string;
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key) as string).refresh_token;
    }
    return undefined;
  });
}

/** Signs in from the root and waits until the app has landed on a folder's activity (spec 6). */
export async function signInAndLand(page: Page, email: string) {
  await page.goto('/');
  await signInOnProvider(page, email);
  await page.waitForURL(/\/home\/(teams|projects|companies)\/[0-9a-f-]+\/activity/);
}

/** The folder navigation panel. */
export function folderNav(page: Page) {
  return page.getByRole('navigation', { name: 'Folders' });
}
