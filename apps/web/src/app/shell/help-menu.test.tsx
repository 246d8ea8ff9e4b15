import type { AccountSummary } from '@formwork/shared/schemas/accounts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { HelpMenu } from './help-menu.tsx';

const paid: AccountSummary = {
  accountId: '00000000-0000-4000-8000-000000000001',
  accountType: 'managed',
  planType: 'pro',
  subscriptionStatus: 'active',
  trialEndDate: null,
};
const trial: AccountSummary = {
  accountId: '00000000-0000-4000-8000-000000000002',
  accountType: 'self_service',
  planType: 'free_trial',
  subscriptionStatus: 'free_trial',
  trialEndDate: '2026-12-01T00:00:00.000Z',
};

async function openedItems(account: AccountSummary | null) {
  const user = userEvent.setup();
  await renderWithProviders(<HelpMenu account={account} />);
  await user.click(screen.getByRole('button', { name: 'Help' }));
  // The dropdown fades in (jsdom runs no transitions): its items are read while it is still hidden.
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent);
}

describe('help menu (spec 2.3): the set follows the account', () => {
  it('a free-trial account sees its trial information, and no roadmaps', async () => {
    const items = await openedItems(trial);
    expect(items).toContain('Your free trial');
    expect(items).not.toContain('Web app roadmap');
  });

  it('a paid account sees the help centre and both roadmaps, not the trial', async () => {
    const items = await openedItems(paid);
    expect(items).toEqual(expect.arrayContaining(['Help centre', 'Web app roadmap', 'Mobile app roadmap']));
    expect(items).not.toContain('Your free trial');
  });

  it('an expired trial of a paid plan is still a free-trial account', async () => {
    expect(await openedItems({ ...paid, subscriptionStatus: 'expired_trial' })).toContain('Your free trial');
  });

  it('while the account is unknown, the paid set', async () => {
    expect(await openedItems(null)).toContain('Help centre');
  });
});
