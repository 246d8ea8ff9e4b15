import { expect, type Page, test } from '@playwright/test';
import { mailTo } from '../mail-sink.ts';
import { pdfText } from '../pdf-text.ts';
import { accessToken, demo, demoPassword, signInAndLand } from './helpers.ts';

/**
 * Issue 26: the sign-in page's language switch, and a person who switches to Spanish in Edit
 * Profile: the shell follows at once and on the next visit, and so do the register, a form and the
 * form's PDF (what people typed stays as typed). The profile is set back at the end.
 */

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the sign-in page switches to Spanish; Edit Profile switches the app, the register, a form and its PDF to Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in to Formwork' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Inicia sesión en Formwork' })).toBeVisible();
  await shoot(page, 'sign-in-es');
  await page.getByLabel('Correo electrónico').fill(demo.teamMember);
  await page.getByLabel('Contraseña').fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // The answer to the form keeps the chosen language.
  await expect(page.getByRole('alert')).toContainText('El correo electrónico o la contraseña no son correctos');
  await page.getByLabel('Contraseña').fill(demoPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/home\/(teams|projects|companies)\/[0-9a-f-]+\/activity/);
  const token = await accessToken(page);

  try {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: 'Español' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Actividad' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir el menú de usuario' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('es');
    await shoot(page, 'shell-es');

    // Stored server-side: a new browser with no stored locale gets Spanish once the person is known.
    await page.evaluate(() => localStorage.removeItem('locale'));
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Actividad' })).toBeVisible();

    // The register, a form and its PDF in Spanish (the team member's team, Electrical, where the
    // demo has site diaries); the template's and the form's own words as typed.
    const teamId = /\/home\/teams\/([0-9a-f-]+)\//.exec(page.url())?.[1] as string;
    await page.goto(`/apps/teams/${teamId}/forms`);
    await page.getByRole('main').getByRole('link', { name: 'Daily Site Diary' }).click();
    await page.waitForURL(/\/register\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: 'Nuevo formulario' })).toBeVisible();
    const register = page.getByRole('table', { name: 'Daily Site Diary' });
    await expect(register.getByRole('columnheader', { name: 'Actualizado' })).toBeVisible();
    await expect(register.getByRole('columnheader', { name: 'Weather' })).toBeVisible();
    const firstRow = register.locator('[data-register-row]').first();
    await expect(firstRow).toBeVisible();
    await shoot(page, 'register-es');
    await firstRow.getByRole('link').first().click();
    await page.waitForURL(/\/forms\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/^Versión \d+$/).first()).toBeVisible();
    await shoot(page, 'form-es');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    const pdf = await pdfText(await (await download).path());
    expect(pdf).toContain('Página 1 de');
    expect(pdf).toMatch(/Versión del formulario \d+/);
    expect(pdf).toContain('PDF creado el');
    expect(pdf).toContain('ID de plantilla: DSD-001');
    expect(pdf).toContain('Weather');
    expect(pdf).not.toContain('Page 1 of');
  } finally {
    const reset = await page.request.patch('/api/me', {
      headers: { authorization: `Bearer ${token}` },
      data: { locale: null },
    });
    expect(reset.status()).toBe(200);
  }
});

test('an invitation from a workspace whose language is Spanish reaches a new person in Spanish', async ({ page }) => {
  await signInAndLand(page, demo.orgController);
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const accessible = await page.request.get('/api/workspaces/accessible', { headers });
  const workspace = ((await accessible.json()).workspaces as { workspaceId: string; name: string }[]).find(
    (w) => w.name === 'Acme Construction',
  );
  expect(workspace).toBeTruthy();
  const workspaceId = workspace?.workspaceId as string;
  const setLocale = (locale: string) =>
    page.request.patch(`/api/workspaces/${workspaceId}`, { headers, data: { locale } });
  expect((await setLocale('es')).status()).toBe(200);
  try {
    const email = `nueva.persona.${Date.now()}@acme.example`;
    const invited = await page.request.post(`/api/folders/${workspaceId}/invitations`, {
      headers,
      data: { email, role: 'member', userType: 'contributor' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    await expect.poll(() => mailTo(email), { timeout: 30_000 }).toBeTruthy();
    const mail = mailTo(email) as string;
    expect(mail).toContain('te ha invitado a Acme Construction en Formwork');
    expect(mail).toContain('Activa tu cuenta:');
  } finally {
    expect((await setLocale('en-US')).status()).toBe(200);
  }
});
