import { type GlobalBilling, globalBillingSchema } from '@formwork/shared/schemas/accounts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { GlobalBillingSection } from './global-billing-section.tsx';
import { SmsBillingSection } from './sms-billing-section.tsx';

const workspaceId = '00000000-0000-4000-8000-0000000000aa';
const payment = {
  checkoutId: '00000000-0000-4000-8000-0000000000c1',
  planType: 'pro',
  subscriptionTerm: 'one_year',
  contributorUsersPaid: 6,
  paidUsersPaid: 0,
  currency: 'USD',
  amountTotal: 123450,
  paidAt: '2026-06-05T10:00:00.000Z',
} as const;

let billing: GlobalBilling;
const puts: unknown[] = [];

beforeEach(() => {
  puts.length = 0;
  billing = { contact: { name: 'Priya Accounts', email: 'accounts@harbour.example' }, payments: [payment] };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push({ url, body });
      billing = { ...billing, contact: body };
    }
    const reply = fakeReply(globalBillingSchema, billing, url);
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('Global Billing (spec 2.6)', () => {
  it('shows the billing contact and the payments made, and an org controller changes the contact', async () => {
    await renderWithProviders(<GlobalBillingSection workspaceId={workspaceId} canEdit />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Priya Accounts');
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(within(table).getByText('Pro · One year')).toBeTruthy();
    expect(within(table).getByText('6 contributors, 0 paid users')).toBeTruthy();
    expect(within(table).getByText('$1,234.50')).toBeTruthy();

    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save contact' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'billing@harbour.example');
    await user.click(save);
    expect(await screen.findByText('Billing contact saved')).toBeTruthy();
    expect(puts).toEqual([
      {
        url: `/api/workspaces/${workspaceId}/billing-contact`,
        body: { name: 'Priya Accounts', email: 'billing@harbour.example' },
      },
    ]);
  });

  it("refuses a bad e-mail or an empty name with the field's message, and sends nothing", async () => {
    await renderWithProviders(<GlobalBillingSection workspaceId={workspaceId} canEdit />);
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(await screen.findByText('Please enter a valid name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address in the format name@example.com.')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('is read-only for those who may not change it, and says when nothing was paid', async () => {
    billing = { contact: null, payments: [] };
    await renderWithProviders(<GlobalBillingSection workspaceId={workspaceId} canEdit={false} />);
    expect(await screen.findByText('No billing contact yet.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save contact' })).toBeNull();
    expect(screen.getByText(/Only Org Controllers can change/i)).toBeTruthy();
    expect(screen.getByText("No payments yet: nothing has been paid through this workspace's checkout.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('speaks Spanish', async () => {
    await renderWithProviders(<GlobalBillingSection workspaceId={workspaceId} canEdit />, { locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Contacto de facturación' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar contacto' })).toBeTruthy();
  });
});

describe('SMS billing (spec 2.6)', () => {
  it('says plainly that no SMS is sent and nothing is billed for it', async () => {
    await renderWithProviders(<SmsBillingSection />);
    expect(screen.getByRole('heading', { name: 'SMS billing' })).toBeTruthy();
    expect(screen.getByText(/Formwork sends no SMS/)).toBeTruthy();
    expect(screen.getByText(/Nothing is billed for SMS/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
