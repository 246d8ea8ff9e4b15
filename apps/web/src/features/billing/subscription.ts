import { trialDaysLeft, trialWarningDays } from '@formwork/shared/limits';
import { isForcedToUpgrade } from '@formwork/shared/permissions';
import type { AccountSummary } from '@formwork/shared/schemas/accounts';

/** The four subscription modals of spec 8.2. */
export type SubscriptionModalKind = 'trialEnded' | 'overdue' | 'paused' | 'churned';

/**
 * Spec 4.4, 8.2: which modal is forced on the user, if any. Admins are never forced; a free trial
 * whose date passed counts as ended even before the job has marked it expired.
 */
export function forcedSubscriptionModal(
  account: AccountSummary | null | undefined,
  isAdmin: boolean,
  now: Date,
): SubscriptionModalKind | null {
  if (!account) return null;
  const trialEndDate = account.trialEndDate ? new Date(account.trialEndDate) : null;
  if (!isForcedToUpgrade({ isAdmin }, { status: account.subscriptionStatus, trialEndDate }, now)) return null;
  switch (account.subscriptionStatus) {
    case 'overdue_invoice':
      return 'overdue';
    case 'paused':
      return 'paused';
    case 'churned':
      return 'churned';
    default:
      return 'trialEnded';
  }
}

/** Spec 2.3, 9: the top bar's trial widget: days left (warning at 7 or fewer), or ended. */
export type TrialWidgetState = { kind: 'running'; daysLeft: number; warning: boolean } | { kind: 'ended' } | null;

export function trialWidgetState(account: AccountSummary | null | undefined, now: Date): TrialWidgetState {
  if (!account?.trialEndDate) return null;
  if (account.subscriptionStatus === 'expired_trial') return { kind: 'ended' };
  if (account.subscriptionStatus !== 'free_trial') return null;
  const daysLeft = trialDaysLeft(new Date(account.trialEndDate), now);
  if (daysLeft === 0) return { kind: 'ended' };
  return { kind: 'running', daysLeft, warning: daysLeft <= trialWarningDays };
}

/** Spec 1: the getting-started guide shows on the free trial plan, until the account upgrades. */
export function showsGettingStarted(account: AccountSummary | null | undefined, now: Date): boolean {
  return account?.planType === 'free_trial' && trialWidgetState(account, now)?.kind === 'running';
}

/** Spec 2.6, 7: the shell's view the payment page returns to after paying (the checkout success modal). */
export const checkoutSuccessView = 'checkoutSuccess';
