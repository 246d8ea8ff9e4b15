import { prices } from '@formwork/shared/pricing';
import { checkoutOptionsSchema, checkoutResponseSchema } from '@formwork/shared/schemas/checkout';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { browserContinent, continentOfTimeZone } from '../continent.ts';
import { CheckoutModal } from './checkout-modal.tsx';
import { CheckoutSuccessModal } from './checkout-success-modal.tsx';
import { refuseSpinnerKeys, wholeNonNegative } from './spinner-input.ts';

const workspaceId = '00000000-0000-4000-8000-0000000000aa';
const message = "You've exceeded the limits of this plan. Check your Home Folder > Settings for more info.";
const options = fakeReply(checkoutOptionsSchema, {
  offered: true,
  currency: 'AUD',
  contributorUsersUsed: 4,
  paidUsersUsed: 2,
  plans: [
    { plan: 'standard', prices: prices.standard.AUD, exceeded: ['visitors'], message },
    { plan: 'pro', prices: prices.pro.AUD, exceeded: [], message: null },
    { plan: 'premium', prices: prices.premium.AUD, exceeded: [], message: null },
    { plan: 'platinum', prices: prices.platinum.AUD, exceeded: [], message: null },
  ],
});

describe('the checkout modal (spec 4.4, 5.6, 9)', () => {
  let posted: unknown[];
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    posted = [];
    assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      href: 'http://localhost/home/companies/x/settings?tab=billing',
      assign,
    });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        const reply = fakeReply(checkoutResponseSchema, {
          checkoutId: '00000000-0000-4000-8000-0000000000c1',
          paymentLink: 'http://localhost/payment_page?paymentToken=abc',
          currency: 'AUD',
          amountTotal: 1,
        });
        return new Response(JSON.stringify(reply), { status: 201, headers: { 'content-type': 'application/json' } });
      }
      expect(url).toContain(`/api/workspaces/${workspaceId}/checkout`);
      return new Response(JSON.stringify(options), { headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('step 0: an exceeded plan cannot be chosen; step 1: minimums, standard rules, term and total; back; then redirect after 3000 ms', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderWithProviders(<CheckoutModal workspaceId={workspaceId} opened onClose={onClose} />);
    const standard = await screen.findByRole('button', { name: 'Choose Standard' });
    expect((standard as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(message)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Choose Pro' }));
    const contributors = (await screen.findByRole('textbox', { name: 'Contributor licences' })) as HTMLInputElement;
    const paidUsers = screen.getByRole('textbox', { name: 'Paid user licences' }) as HTMLInputElement;
    // The minimums: contributors max(1, used), paid users the number used.
    expect(contributors.value).toBe('4');
    expect(paidUsers.value).toBe('2');
    expect(paidUsers.disabled).toBe(false);
    await user.clear(contributors);
    await user.type(contributors, '3');
    expect(screen.getByText('Number must be equal or higher than the users currently in your account.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue to payment' }) as HTMLButtonElement).disabled).toBe(true);
    // e, E, -, + and . are refused.
    await user.clear(contributors);
    await user.type(contributors, '1e-+.0E');
    expect(contributors.value).toBe('10');

    await user.click(screen.getByText('One year'));
    const monthly = 10 * prices.pro.AUD.contributor + 2 * prices.pro.AUD.paidUser;
    const fmt = (c: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' }).format(c / 100);
    expect(screen.getByTestId('checkout-total').textContent).toBe(
      `${fmt(12 * monthly)} a year (${fmt(monthly)} a month, 12 months)`,
    );

    // Back returns to step 0; standard stays refused, premium goes on.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    expect((screen.getByRole('textbox', { name: 'Contributor licences' }) as HTMLInputElement).value).toBe('10');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // What is bought, never what it costs: the server prices it.
    expect(posted).toEqual([
      {
        planType: 'premium',
        subscriptionTerm: 'one_year',
        contributorUsersPaid: 10,
        paidUsersPaid: 2,
        continent: browserContinent(),
        returnPath: '/home/companies/x/settings?tab=billing',
      },
    ]);
    expect(await screen.findByText('Taking you to the payment page...')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(assign).toHaveBeenCalledWith('http://localhost/payment_page?paymentToken=abc');
  }, 30_000);

  it('on standard the paid users input is disabled and 0', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ ...options, plans: options.plans.map((p) => ({ ...p, exceeded: [], message: null })) }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CheckoutModal workspaceId={workspaceId} opened onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Choose Standard' }));
    const paidUsers = (await screen.findByRole('textbox', { name: 'Paid user licences' })) as HTMLInputElement;
    expect(paidUsers.disabled).toBe(true);
    expect(paidUsers.value).toBe('0');
    expect(screen.getByText('The Standard plan has no paid users')).toBeTruthy();
  }, 20_000);

  it('an account not offered checkout gets the chat or e-mail option (spec 6)', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ ...options, offered: false }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    await renderWithProviders(<CheckoutModal workspaceId={workspaceId} opened onClose={() => {}} />);
    expect(await screen.findByText('To change your plan, chat with us or e-mail us.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'E-mail us' })).toBeTruthy();
  });
});

describe('spinner inputs (spec 5.6)', () => {
  it('refuse e, E, -, + and . and truncate to a non-negative whole number', () => {
    for (const key of ['e', 'E', '-', '+', '.']) {
      const event = { key, preventDefault: vi.fn() };
      refuseSpinnerKeys(event as never);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    const digit = { key: '5', preventDefault: vi.fn() };
    refuseSpinnerKeys(digit as never);
    expect(digit.preventDefault).not.toHaveBeenCalled();
    expect(wholeNonNegative('7.9')).toBe(7);
    expect(wholeNonNegative(-3)).toBe(0);
    expect(wholeNonNegative('')).toBe(0);
  });
});

describe('the continent from the time zone (the currency fallback, spec 9)', () => {
  it('maps areas to continents', () => {
    expect(continentOfTimeZone('Australia/Sydney')).toBe('OC');
    expect(continentOfTimeZone('Pacific/Auckland')).toBe('OC');
    expect(continentOfTimeZone('Europe/Berlin')).toBe('EU');
    expect(continentOfTimeZone('Africa/Johannesburg')).toBe('AF');
    expect(continentOfTimeZone('America/Sao_Paulo')).toBe('SA');
    expect(continentOfTimeZone('America/New_York')).toBe('NA');
    expect(continentOfTimeZone('UTC')).toBeUndefined();
  });
});

function Where() {
  return <span data-testid="where">{useLocation().search}</span>;
}

describe('the checkout success modal (spec 2.6, 7)', () => {
  const app = (
    <MemoryRouter initialEntries={['/home/companies/x/activity?view=checkoutSuccess']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <CheckoutSuccessModal workspaceId={workspaceId} workspaceName="Bright Sparks" />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>
  );
  beforeEach(() => localStorage.clear());

  it('shows once per browser, and closing it drops the view', async () => {
    const first = await renderWithProviders(app);
    expect(await screen.findByText('Welcome to your new plan!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    first.unmount();
    await renderWithProviders(app);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('Welcome to your new plan!')).toBeNull();
  });
});
