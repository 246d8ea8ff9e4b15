import { type AccountSummary, accountSchema, accountUsageSchema } from '@formwork/shared/schemas/accounts';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { forcedSubscriptionModal, showsGettingStarted, trialWidgetState } from '../subscription.ts';
import { BillingSection } from './billing-section.tsx';
import { SubscriptionModal } from './subscription-modal.tsx';
import { TrialWidget } from './trial-widget.tsx';
import { UsageSection } from './usage-section.tsx';

const now = new Date('2026-11-24T12:00:00.000Z');
const day = 24 * 60 * 60 * 1000;
const trial = (daysLeft: number, status: AccountSummary['subscriptionStatus'] = 'free_trial'): AccountSummary => ({
  accountId: '00000000-0000-4000-8000-000000000002',
  accountType: 'self_service',
  planType: 'free_trial',
  subscriptionStatus: status,
  trialEndDate: new Date(now.getTime() + daysLeft * day).toISOString(),
});
const paid: AccountSummary = {
  ...trial(0),
  accountType: 'managed',
  planType: 'pro',
  subscriptionStatus: 'active',
  trialEndDate: null,
};

describe('the trial widget (spec 2.3, 9)', () => {
  it('shows the days left, without the warning icon above 7 days', async () => {
    await renderWithProviders(
      <MemoryRouter>
        <TrialWidget account={trial(12)} billingPath="/home/companies/x/settings?tab=billing" now={now} />
      </MemoryRouter>,
    );
    const widget = screen.getByRole('link', { name: 'Free trial: 12 days left' });
    expect(widget.getAttribute('href')).toBe('/home/companies/x/settings?tab=billing');
    expect(within(widget).queryByRole('img', { name: 'Warning' })).toBeNull();
  });

  it('shows the warning icon at 7 days or fewer', async () => {
    await renderWithProviders(
      <MemoryRouter>
        <TrialWidget account={trial(7)} billingPath={null} now={now} />
      </MemoryRouter>,
    );
    const widget = screen.getByTestId('trial-widget');
    expect(widget.getAttribute('aria-label')).toBe('Free trial: 7 days left');
    expect(within(widget).getByRole('img', { name: 'Warning' })).toBeTruthy();
  });

  it('says an ended trial ended, and shows nothing on a paid plan', async () => {
    expect(trialWidgetState(trial(-1), now)).toEqual({ kind: 'ended' });
    expect(trialWidgetState(trial(3, 'expired_trial'), now)).toEqual({ kind: 'ended' });
    expect(trialWidgetState(trial(1), now)).toEqual({ kind: 'running', daysLeft: 1, warning: true });
    expect(trialWidgetState(trial(8), now)).toEqual({ kind: 'running', daysLeft: 8, warning: false });
    expect(trialWidgetState(paid, now)).toBeNull();
  });
});

describe('the force-modal (spec 4.4, 8.2)', () => {
  it('is forced on non-admins whose subscription lapsed, never on admins', () => {
    expect(forcedSubscriptionModal(trial(-1), false, now)).toBe('trialEnded');
    expect(forcedSubscriptionModal(trial(-1, 'expired_trial'), false, now)).toBe('trialEnded');
    expect(forcedSubscriptionModal(trial(-1, 'expired_trial'), true, now)).toBeNull();
    expect(forcedSubscriptionModal(trial(5), false, now)).toBeNull();
    expect(forcedSubscriptionModal({ ...paid, subscriptionStatus: 'overdue_invoice' }, false, now)).toBe('overdue');
    expect(forcedSubscriptionModal({ ...paid, subscriptionStatus: 'paused' }, false, now)).toBe('paused');
    expect(forcedSubscriptionModal({ ...paid, subscriptionStatus: 'churned' }, false, now)).toBe('churned');
    expect(forcedSubscriptionModal({ ...paid, subscriptionStatus: 'churned' }, true, now)).toBeNull();
    expect(forcedSubscriptionModal(paid, false, now)).toBeNull();
  });

  it.each([
    ['trialEnded', 'Your 30-day free trial of Formwork has ended'],
    ['overdue', "You've temporarily lost access"],
    ['paused', 'Your subscription to Formwork has been paused'],
    ['churned', 'Thank you for using Formwork!'],
  ] as const)('%s shows the text of 8.2 and cannot be dismissed', async (kind, title) => {
    const onLogout = vi.fn();
    await renderWithProviders(
      <SubscriptionModal
        kind={kind}
        workspaceName="Old Mill"
        chatHref="https://x"
        onSwitch={null}
        onLogout={onLogout}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Switch workspace' })).toBeNull();
    within(dialog).getByRole('button', { name: 'Logout' }).click();
    expect(onLogout).toHaveBeenCalled();
  });
});

describe('the getting-started guide (spec 1)', () => {
  it('shows for a running free trial, not once the account upgraded or the trial ended', () => {
    expect(showsGettingStarted(trial(20), now)).toBe(true);
    expect(showsGettingStarted(paid, now)).toBe(false);
    expect(showsGettingStarted(trial(-2), now)).toBe(false);
  });
});

describe('Billing and Usage settings (issue 17.5)', () => {
  const workspaceId = '00000000-0000-4000-8000-0000000000aa';
  const usage = {
    fieldsPerTemplate: 7,
    logicRulesPerBlock: 2,
    logicBlocksPerField: 1,
    approvalSignatureLogicFields: 0,
    approvalSignatureConditions: 0,
    listPropertyFields: 4,
    locationFields: 6,
    pdfFilenameCustomFields: 1,
    propertiesPerList: 0,
    listPropertyTableColumns: 0,
    visitors: 2,
    paidUsers: 0,
    workspaces: 1,
    ssoEnabled: false,
  };
  const message = "You've exceeded the limits of this plan. Check your Home Folder > Settings for more info.";
  beforeEach(() => {
    vi.stubGlobal('fetch', async (url: string) => {
      const reply = url.endsWith('/account')
        ? fakeReply(accountSchema, {
            ...paid,
            name: 'Harbour Group',
            planType: 'premium',
            subscriptionTerm: 'one_year',
            contributorUsersUsed: 6,
            contributorUsersPaid: 10,
            paidUsersUsed: 0,
            paidUsersPaid: 2,
          })
        : fakeReply(accountUsageSchema, {
            usage,
            plans: [
              { plan: 'standard', exceeded: ['listPropertyFields', 'visitors'], message },
              { plan: 'pro', exceeded: [], message: null },
              { plan: 'premium', exceeded: [], message: null },
              { plan: 'platinum', exceeded: [], message: null },
              { plan: 'free_trial', exceeded: [], message: null },
            ],
          });
      return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('Billing shows plan, status, term and licences paid and used', async () => {
    await renderWithProviders(<BillingSection workspaceId={workspaceId} timeZone="UTC" />);
    expect(await screen.findByText('Premium')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('One year')).toBeTruthy();
    expect(screen.getByText('6 used of 10 paid')).toBeTruthy();
    expect(screen.getByText('0 used of 2 paid')).toBeTruthy();
  });

  it("Usage shows each limit of the plan with its use, and the plans it exceeds with the spec's message", async () => {
    await renderWithProviders(<UsageSection workspaceId={workspaceId} />);
    const table = await screen.findByRole('table', { name: 'Plan limits and usage' });
    const row = within(table).getByText('Location fields per template').closest('tr') as HTMLElement;
    expect(within(row).getByText('6')).toBeTruthy();
    expect(within(row).getByText('20')).toBeTruthy();
    expect(screen.getByText(`${message} (List property fields per template, Visitors)`)).toBeTruthy();
    expect(screen.getAllByText('Your usage fits this plan.')).toHaveLength(2);
  }, 20_000);
});
