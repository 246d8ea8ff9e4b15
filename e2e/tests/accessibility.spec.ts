import type { Page } from '@playwright/test';
import { type AxeFinding, axeFindings, describeFindings, expect, settled, test } from './axe.ts';
import { demo, folderNav, signInAndLand } from './helpers.ts';

/**
 * Issue 27: the main screens as the demo admin, at a desktop width and a phone width, have no
 * serious or critical axe violation (WCAG 2.0 to 2.2, A and AA). Each screen is scanned once its
 * heading shows; the counts per rule are printed, then the test fails if there is any.
 */
test.use({ axeOnNavigation: false });

const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function idOf(page: Page, name: string): Promise<string> {
  // Riverside Apartments' Civil Works (the last of three) has the demo's forms and photos.
  const href = await folderNav(page).getByRole('link', { name }).last().getAttribute('href');
  return (href ?? '').split('/')[3] as string;
}

function summary(findings: AxeFinding[]): string {
  const perRule = new Map<string, number>();
  for (const f of findings) perRule.set(f.rule, (perRule.get(f.rule) ?? 0) + f.targets.length);
  return [...perRule.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([rule, count]) => `${rule}: ${count}`)
    .join(', ');
}

for (const size of widths) {
  test(`the main screens pass the axe check at ${size.width} px (${size.name})`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    if (size.name === 'phone') {
      // The folder navigation is a drawer on a phone: read the ids at the desktop width first.
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await signInAndLand(page, demo.admin);
    const companyId = await idOf(page, 'Home Folder');
    const teamId = await idOf(page, 'Civil Works');
    await page.goto(`/apps/teams/${teamId}/forms`);
    const registerHref = await page.getByRole('link', { name: 'Daily Site Diary' }).getAttribute('href');
    const templateId = (registerHref ?? '').split('/').pop() as string;
    const formPath = await page
      .locator('[data-form-row]')
      .filter({ hasText: 'Site Diary' })
      .first()
      .getByRole('link')
      .first()
      .getAttribute('href');
    await page.setViewportSize({ width: size.width, height: size.height });

    const found: AxeFinding[] = [];
    const scan = async (label: string) => {
      await settled(page);
      found.push(...(await axeFindings(page, label)));
    };
    const visit = async (label: string, path: string, heading?: string | RegExp) => {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first(),
      ).toBeVisible();
      await scan(label);
    };

    await visit('company activity', `/home/companies/${companyId}/activity`);
    await visit('team activity', `/home/teams/${teamId}/activity`);
    await visit('template library', `/apps/companies/${companyId}/active`, 'Template Library');
    await visit('team templates', `/apps/teams/${teamId}/active`);
    await visit('template editor', `/apps/teams/${teamId}/templates/${templateId}/edit`);
    await visit('register', `/apps/teams/${teamId}/register/${templateId}`);
    await visit('a form', formPath as string);
    await visit('team forms', `/apps/teams/${teamId}/forms`);
    await page.getByRole('button', { name: 'My actions' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await scan('my actions');
    await page.keyboard.press('Escape');
    await visit('lists', `/lists/companies/${companyId}/active`);
    await visit('photos', `/photos/teams/${teamId}`, 'Photos');
    await visit('analytics', `/analytics/teams/${teamId}/dashboards/grid`, 'Dashboards');
    await visit('users', `/users/companies/${companyId}`, 'Users');
    await visit('settings', `/home/companies/${companyId}/settings`);
    await visit('billing', `/home/companies/${companyId}/settings?tab=billing`);

    const elements = found.reduce((n, f) => n + f.targets.length, 0);
    console.log(`axe at ${size.width} px: ${elements} elements; ${summary(found) || 'none'}`);
    expect(found, `axe found serious or critical violations:\n${describeFindings(found)}`).toEqual([]);
  });
}
