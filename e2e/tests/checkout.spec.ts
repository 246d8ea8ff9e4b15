import { expect, test } from '@playwright/test';
import { accessToken, signInAndLand } from './helpers.ts';

/**
 * Issue 17.4, done-when: a trial workspace's admin upgrades through checkout on the local test
 * provider, and the getting-started guide disappears. The trial is made through the API (sign-up
 * will come before this journey): the demo visitor opens a workspace for their company. Global
 * Billing then lists that payment and takes the billing contact (issue 23); screenshots at 1280 and 390 px.
 */
test('a trial workspace upgrades through checkout on the local test provider; the guide disappears', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The visitor-only user may create a workspace with a 30-day trial (spec 6).
  await signInAndLand(page, 'visitor.only@subcontractor.example');
  const token = await accessToken(page);
  const created = await page.request.post('/api/workspaces', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Checkout Trial ${Date.now().toString(36)}` },
  });
  expect(created.status()).toBe(201);
  const { workspaceId } = (await created.json()) as { workspaceId: string };

  await page.goto(`/home/companies/${workspaceId}/activity`);
  const guide = page.getByRole('region', { name: 'Getting started' });
  await expect(guide).toBeVisible({ timeout: 30_000 });

  await page.goto(`/home/companies/${workspaceId}/settings?tab=billing`);
  await page.getByRole('button', { name: 'Upgrade' }).click();
  const checkout = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await checkout.getByRole('button', { name: 'Choose Pro' }).click();
  const contributors = checkout.getByRole('textbox', { name: 'Contributor licences' });
  await expect(contributors).toHaveValue('1');
  await contributors.fill('3');
  await checkout.getByText('One year').click();
  await checkout.getByRole('button', { name: 'Continue to payment' }).click();

  // The redirecting modal, then the payment page after 3000 ms.
  await expect(page.getByRole('dialog', { name: 'Redirecting to payment' })).toBeVisible();
  await page.waitForURL(/\/payment_page\?paymentToken=/, { timeout: 15_000, waitUntil: 'commit' });
  await expect(page.getByText('TEST PAYMENT PAGE', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /^Pay .*\(TEST\)$/ }).click();

  // Back in the app: the success modal, once; the guide and the trial widget are gone.
  await page.waitForURL(/view=checkoutSuccess/, { waitUntil: 'commit' });
  const success = page.getByRole('dialog', { name: 'Welcome to your new plan!' });
  await expect(success).toBeVisible({ timeout: 30_000 });
  await success.getByRole('button', { name: 'Continue' }).click();
  await expect(success).toHaveCount(0);
  await expect(page).not.toHaveURL(/view=checkoutSuccess/);
  const billing = page.getByRole('tabpanel', { name: 'Billing' });
  await expect(billing.getByText('Pro', { exact: true })).toBeVisible();
  await expect(billing.getByText('Active', { exact: true })).toBeVisible();
  await expect(billing.getByText('One year', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
  await expect(page.getByTestId('trial-widget')).toHaveCount(0);

  // The success view a second time in this browser shows no modal.
  await page.goto(`/home/companies/${workspaceId}/activity?view=checkoutSuccess`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog', { name: 'Welcome to your new plan!' })).toHaveCount(0);
  await expect(page.getByText(/upgraded through checkout the account/)).toBeVisible();

  // Global Billing (spec 2.6) lists the payment just made; the org controller sets the billing contact.
  await page.goto(`/home/companies/${workspaceId}/settings?tab=globalBilling`);
  const globalBilling = page.getByRole('tabpanel', { name: 'Global Billing' });
  const payments = globalBilling.getByRole('table', { name: 'Payments' });
  await expect(payments.getByText('Pro · One year')).toBeVisible({ timeout: 30_000 });
  await expect(payments.getByText('3 contributors, 0 paid users')).toBeVisible();
  await globalBilling.getByRole('textbox', { name: 'Name' }).fill('Priya Accounts');
  await globalBilling.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
  await globalBilling.getByRole('button', { name: 'Save contact' }).click();
  await expect(
    globalBilling.getByText('Please enter a valid email address in the format name@example.com.'),
  ).toBeVisible();
  await globalBilling.getByRole('textbox', { name: 'E-mail' }).fill('accounts@subcontractor.example');
  await globalBilling.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Billing contact saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('accounts@subcontractor.example', {
    timeout: 30_000,
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('global-billing-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('global-billing-390.png'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/home/companies/${workspaceId}/settings?tab=smsBilling`);
  await expect(page.getByRole('tabpanel', { name: 'SMS billing' }).getByText(/Formwork sends no SMS/)).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: test.info().outputPath('sms-billing-1280.png') });
  await page.goto(`/home/companies/${workspaceId}/settings?tab=featureAccess`);
  const paidUsers = page.getByRole('switch', { name: 'Paid users may be added' });
  await expect(paidUsers).toBeDisabled({ timeout: 30_000 });
  await expect(paidUsers).not.toBeChecked();
  await page.screenshot({ path: test.info().outputPath('feature-access-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('feature-access-390.png'), fullPage: true });
});
