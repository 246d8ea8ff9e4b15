import { expect, type Page, test } from '@playwright/test';
import { accessToken, demo, demoPassword } from './helpers.ts';

/**
 * Issue 26.4: the main screens in Spanish (texts about 40% longer than English) at a desktop and
 * a phone width: the page never scrolls sideways, and each screen is kept as a screenshot to look at.
 */

const widths = [1280, 390] as const;

// The demo org controller's choice of Spanish is theirs on the server: every later spec signs them
// in, so it is cleared after each test here.
let chosenBy: string | null = null;
test.afterEach(async ({ request }) => {
  if (!chosenBy) return;
  const res = await request.patch('/api/me', {
    headers: { authorization: `Bearer ${chosenBy}` },
    data: { locale: null },
  });
  chosenBy = null;
  expect(res.status()).toBe(200);
});

async function signInInSpanish(page: Page) {
  await page.addInitScript(() => localStorage.setItem('locale', 'es'));
  await page.goto('/');
  // The sign-in page speaks the browser's language (en-US here) or the app's (es) when it passes it on.
  await page.getByLabel(/^(Email|Correo electrónico)$/).fill(demo.orgController);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(demoPassword);
  await page.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }).click();
  await page.waitForURL(/\/home\/(teams|projects|companies)\/[0-9a-f-]+\/activity/);
  // The person's own choice (Edit Profile), which the app follows over the browser's.
  chosenBy = await accessToken(page);
  const res = await page.request.patch('/api/me', {
    headers: { authorization: `Bearer ${chosenBy}` },
    data: { locale: 'es' },
  });
  expect(res.status()).toBe(200);
  await page.reload();
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main')).toBeVisible();
}

async function look(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect.soft(overflow, `${name} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the main screens hold up in Spanish at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInInSpanish(page);
  const companyId = /\/home\/companies\/([0-9a-f-]+)\//.exec(page.url())?.[1] as string;
  await expect(page.getByRole('banner').getByRole('link', { name: 'Actividad' })).toBeVisible();
  await look(page, 'activity');

  await page.goto(`/apps/companies/${companyId}/active`);
  await settle(page);
  await look(page, 'template-library');

  await page.getByRole('main').getByRole('button', { name: 'Daily Site Diary', exact: true }).click();
  await page.waitForURL(/\/templates\/[0-9a-f-]+\/edit$/);
  await expect(page.getByRole('tab', { name: 'Ajustes de descarga' })).toBeVisible();
  await look(page, 'template-editor');
  await page.getByRole('tab', { name: 'Ajustes de descarga' }).click();
  await look(page, 'template-download-settings');
  await page.goto(`/apps/companies/${companyId}/active`);

  await page.getByRole('navigation', { name: 'Carpetas' }).getByRole('link', { name: 'Civil Works' }).last().click();
  await page.waitForURL(/\/home\/teams\/[0-9a-f-]+\/activity$/);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\//.exec(page.url())?.[1] as string;

  await page.goto(`/apps/teams/${teamId}/active`);
  await settle(page);
  await look(page, 'team-templates');

  await page.goto(`/apps/teams/${teamId}/forms`);
  await settle(page);
  await look(page, 'forms');

  await page.getByRole('main').getByRole('link', { name: 'Plant Register' }).click();
  await page.waitForURL(/\/register\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Nuevo formulario' })).toBeVisible();
  await look(page, 'register');
  await page.getByRole('link', { name: 'Plant Item 1' }).click();
  await page.waitForURL(/\/forms\/[0-9a-f-]{36}$/);
  await settle(page);
  await look(page, 'form');
  await page.goBack();

  await page.getByRole('link', { name: 'Nuevo formulario' }).click();
  await page.waitForURL(/\/forms\/new\//);
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
  await look(page, 'new-form');

  await page.goto(`/home/companies/${companyId}/settings`);
  await settle(page);
  await look(page, 'settings');

  await page.goto(`/users/companies/${companyId}`);
  await settle(page);
  await look(page, 'people');
  await page.getByRole('button', { name: 'Invitar usuarios' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await look(page, 'invite');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Abrir el menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Editar perfil' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await look(page, 'edit-profile');
  await page.keyboard.press('Escape');

  await page.goto(`/analytics/teams/${teamId}`);
  await settle(page);
  await look(page, 'analytics');
  await page.getByRole('link', { name: 'Site inspections' }).first().click();
  await settle(page);
  await look(page, 'dashboard');

  await page.goto(`/lists/companies/${companyId}`);
  await settle(page);
  await look(page, 'lists');

  await page.goto(`/photos/teams/${teamId}`);
  await settle(page);
  await look(page, 'photos');
});

test('the sign-in page speaks Spanish to a Spanish browser and fits a phone', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Inicia sesión en Formwork' })).toBeVisible();
  await expect(page.getByLabel('Contraseña')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sign-in-390.png'), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `the sign-in page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  await context.close();
});
