import type { Plan } from './limits.ts';
import type { SubscriptionTerm } from './permissions.ts';

/** Spec 9: the currencies checkout charges in; USD is the default. */
export const currencies = ['USD', 'AUD', 'EUR', 'ZAR'] as const;
export type Currency = (typeof currencies)[number];

/** Continent codes (spec 3's user continent). */
export const continents = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
export type Continent = (typeof continents)[number];

/** The plans that can be bought (every plan type but the free trial). */
export const paidPlans = ['standard', 'pro', 'premium', 'platinum'] as const satisfies readonly Plan[];
export type PaidPlan = (typeof paidPlans)[number];

/** A licence's price per month, in the currency's minor unit (cents). */
export type LicencePrices = { contributor: number; paidUser: number };

/**
 * The one price table (spec 5.6, 9): what a licence costs per month, per plan and currency, in
 * cents. The server computes every amount charged from it; the web app only shows it. Paid users
 * are not on the standard plan (spec 5.2), so their price there is 0.
 */
export const prices: Record<PaidPlan, Record<Currency, LicencePrices>> = {
  standard: {
    USD: { contributor: 1500, paidUser: 0 },
    AUD: { contributor: 2300, paidUser: 0 },
    EUR: { contributor: 1400, paidUser: 0 },
    ZAR: { contributor: 27000, paidUser: 0 },
  },
  pro: {
    USD: { contributor: 2500, paidUser: 1000 },
    AUD: { contributor: 3800, paidUser: 1500 },
    EUR: { contributor: 2300, paidUser: 900 },
    ZAR: { contributor: 45000, paidUser: 18000 },
  },
  premium: {
    USD: { contributor: 4000, paidUser: 1500 },
    AUD: { contributor: 6000, paidUser: 2300 },
    EUR: { contributor: 3700, paidUser: 1400 },
    ZAR: { contributor: 72000, paidUser: 27000 },
  },
  platinum: {
    USD: { contributor: 6000, paidUser: 2000 },
    AUD: { contributor: 9000, paidUser: 3000 },
    EUR: { contributor: 5500, paidUser: 1800 },
    ZAR: { contributor: 108000, paidUser: 36000 },
  },
};

/** Months a term charges for at once (spec 9: the annual total is 12 times the monthly cost). */
export const termMonths: Record<SubscriptionTerm, number> = { monthly: 1, one_year: 12 };

/** Country calling codes whose country pays in a currency other than USD (spec 9: from the mobile country). */
const callingCodeCurrencies: Record<string, Currency> = {
  '61': 'AUD',
  '27': 'ZAR',
  // Euro area.
  ...Object.fromEntries(
    [
      '30',
      '31',
      '32',
      '33',
      '34',
      '39',
      '43',
      '49',
      '351',
      '352',
      '353',
      '356',
      '357',
      '358',
      '370',
      '371',
      '372',
      '377',
      '378',
      '381',
      '382',
      '383',
      '385',
      '386',
      '421',
    ].map((code) => [code, 'EUR' as const]),
  ),
};

/** Country calling codes of countries with a currency of their own that checkout does not take. */
const otherCurrencyCodes =
  /^(1|7|20|44|45|46|47|48|52|54|55|56|57|60|62|63|64|65|66|81|82|84|86|90|91|92|234|254|971|972)$/;

const continentCurrencies: Partial<Record<Continent, Currency>> = { OC: 'AUD', EU: 'EUR', AF: 'ZAR' };

/** The country calling code of a mobile stored as '+61 412345678'; null when there is none. */
export function callingCode(mobile: string | null | undefined): string | null {
  const match = /^\+(\d{1,4})\s/.exec(mobile ?? '');
  return match ? (match[1] as string) : null;
}

/**
 * Spec 9: the currency charged: from the mobile number's country, else from the continent (OC
 * gives AUD, EU gives EUR, AF gives ZAR), else USD.
 */
export function currencyFor(where: { mobile?: string | null; continent?: Continent | null }): Currency {
  const code = callingCode(where.mobile);
  if (code) {
    const byCountry = callingCodeCurrencies[code];
    if (byCountry) return byCountry;
    if (otherCurrencyCodes.test(code)) return 'USD';
  }
  return (where.continent && continentCurrencies[where.continent]) || 'USD';
}

/** Spec 4.4, 7: what a checkout buys. */
export type CheckoutOrder = {
  planType: PaidPlan;
  subscriptionTerm: SubscriptionTerm;
  contributorUsersPaid: number;
  paidUsersPaid: number;
};

/** What an order costs per month and for its term (cents), from the price table. */
export function orderTotal(order: CheckoutOrder, currency: Currency): { monthly: number; total: number } {
  const price = prices[order.planType][currency];
  const paidUsers = order.planType === 'standard' ? 0 : order.paidUsersPaid;
  const monthly = price.contributor * order.contributorUsersPaid + price.paidUser * paidUsers;
  return { monthly, total: monthly * termMonths[order.subscriptionTerm] };
}

/**
 * Spec 5.6: the fewest licences an order may buy: contributors at least max(1, used); paid users at
 * least the number used (none on the standard plan, where the input is disabled and 0).
 */
export function licenceMinimums(
  plan: PaidPlan,
  used: { contributorUsersUsed: number; paidUsersUsed: number },
): { contributorUsersPaid: number; paidUsersPaid: number } {
  return {
    contributorUsersPaid: Math.max(1, used.contributorUsersUsed),
    paidUsersPaid: plan === 'standard' ? 0 : used.paidUsersUsed,
  };
}

/** Spec 5.6's messages for licences below the minimum. */
export const licenceMessages = {
  paidUsersBelowUsed: 'Number must be equal or higher than the users currently in your account.',
  contributorsBelowUsed: 'Number must be equal or higher than the users currently in your account.',
  paidUsersOnStandard: 'The Standard plan has no paid users.',
} as const;

/** An amount in cents as the currency shows it (en-US digits; the web app formats for the locale). */
export function formatAmount(cents: number, currency: Currency, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** Spec 9: the redirecting modal shows this long before the browser goes to the payment page. */
export const paymentRedirectDelayMs = 3000;
