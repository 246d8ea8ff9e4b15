import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

/** Draws a stroke on a signature pad (canvas) with the mouse. */
async function draw(page: Page, pad: ReturnType<Page['locator']>) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('No signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  await page.mouse.up();
}

type Received = { headers: http.IncomingHttpHeaders; body: string };

test('a team controller adds a webhook, saves a form and sees the signed delivery in the log (issue 24.1)', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // The receiver, on loopback (the e2e server allows private receivers: playwright.config.ts).
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/formwork`;
  try {
    const stamp = Date.now().toString(36).toUpperCase();
    await signInAndLand(page, demo.teamController);
    const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;
    await page.goto(`/home/teams/${teamId}/settings`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByLabel('Receiver URL').fill(url);
    await expect(dialog.getByLabel('Form saved')).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('add-webhook.png') });
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(url) });
    await expect(row).toContainText('Active');

    // A form of the team, changed and saved.
    await page.getByRole('link', { name: 'Forms' }).first().click();
    await page.locator('[data-form-row]').filter({ hasText: 'Site Diary' }).first().getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));
    const formId = page.url().split('/').at(-1) as string;
    await page.getByLabel('Work completed today').fill(`Formwork stripped on level 4 ${stamp}`);
    const signature = page.locator('[data-field-id="signature"]');
    if (await signature.getByRole('button', { name: 'Sign', exact: true }).isVisible()) {
      await signature.getByRole('button', { name: 'Sign', exact: true }).click();
      await draw(page, page.getByRole('img', { name: 'Signature pad for Supervisor signature' }));
      await signature.getByRole('button', { name: 'Use signature' }).click();
      // The signature is the form's value only once its upload has finished and the pad has gone.
      await expect(signature.getByRole('img', { name: 'Supervisor signature', exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Form saved' })).toBeVisible();

    // The log shows the delivery: delivered, HTTP 200, the receiver's answer.
    await page.goto(`/home/teams/${teamId}/settings?tab=webhooks`);
    await page
      .getByRole('row', { name: new RegExp(url) })
      .getByRole('button', { name: 'Delivery log' })
      .click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    const delivery = log.getByRole('row').filter({ hasText: 'form.saved' });
    await expect(delivery).toContainText('Delivered', { timeout: 20_000 });
    await expect(delivery).toContainText('200');
    await expect(delivery).toContainText('received by the e2e receiver');
    await page.screenshot({ path: test.info().outputPath('delivery-log.png') });

    // What the receiver got verifies with the hook's secret, and names the saved form.
    const token = await accessToken(page);
    const hooks = await page.request.get(`/api/folders/${teamId}/webhooks`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const secret = (await hooks.json()).webhooks.find((h: { url: string }) => h.url === url).secret as string;
    const saved = received.find((r) => r.headers['formwork-webhook-event'] === 'form.saved') as Received;
    expect(saved).toBeTruthy();
    const timestamp = String(saved.headers['formwork-webhook-timestamp']);
    const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${saved.body}`).digest('hex')}`;
    expect(saved.headers['formwork-webhook-signature']).toBe(expected);
    expect(JSON.parse(saved.body)).toMatchObject({ type: 'form.saved', data: { formId } });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
