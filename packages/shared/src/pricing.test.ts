import { describe, expect, it } from 'vitest';
import { currencyFor, licenceMinimums, orderTotal, prices } from './pricing.ts';

describe('currency (spec 9)', () => {
  it('comes from the mobile country first', () => {
    expect(currencyFor({ mobile: '+61 412345678' })).toBe('AUD');
    expect(currencyFor({ mobile: '+27 821234567', continent: 'OC' })).toBe('ZAR');
    expect(currencyFor({ mobile: '+49 15112345678' })).toBe('EUR');
    expect(currencyFor({ mobile: '+1 2025550123', continent: 'EU' })).toBe('USD');
    expect(currencyFor({ mobile: '+44 7700900123', continent: 'EU' })).toBe('USD');
  });

  it('else from the continent: OC AUD, EU EUR, AF ZAR, others USD', () => {
    expect(currencyFor({ continent: 'OC' })).toBe('AUD');
    expect(currencyFor({ continent: 'EU' })).toBe('EUR');
    expect(currencyFor({ continent: 'AF' })).toBe('ZAR');
    expect(currencyFor({ continent: 'AS' })).toBe('USD');
    expect(currencyFor({ mobile: '+999 123', continent: 'EU' })).toBe('EUR');
    expect(currencyFor({})).toBe('USD');
    expect(currencyFor({ mobile: null, continent: null })).toBe('USD');
  });
});

describe('order totals (spec 9)', () => {
  const order = { planType: 'pro', contributorUsersPaid: 3, paidUsersPaid: 2 } as const;
  it('monthly: contributors and paid users at the table price', () => {
    const p = prices.pro.USD;
    expect(orderTotal({ ...order, subscriptionTerm: 'monthly' }, 'USD')).toEqual({
      monthly: 3 * p.contributor + 2 * p.paidUser,
      total: 3 * p.contributor + 2 * p.paidUser,
    });
  });
  it('one year: the total is 12 times the monthly cost', () => {
    const { monthly, total } = orderTotal({ ...order, subscriptionTerm: 'one_year' }, 'AUD');
    expect(total).toBe(12 * monthly);
  });
  it('standard charges no paid users', () => {
    expect(
      orderTotal(
        { planType: 'standard', contributorUsersPaid: 2, paidUsersPaid: 5, subscriptionTerm: 'monthly' },
        'EUR',
      ).monthly,
    ).toBe(2 * prices.standard.EUR.contributor);
  });
});

describe('licence minimums (spec 5.6)', () => {
  it('contributors at least max(1, used); paid users the number used, 0 on standard', () => {
    expect(licenceMinimums('pro', { contributorUsersUsed: 0, paidUsersUsed: 3 })).toEqual({
      contributorUsersPaid: 1,
      paidUsersPaid: 3,
    });
    expect(licenceMinimums('premium', { contributorUsersUsed: 7, paidUsersUsed: 0 })).toEqual({
      contributorUsersPaid: 7,
      paidUsersPaid: 0,
    });
    expect(licenceMinimums('standard', { contributorUsersUsed: 2, paidUsersUsed: 3 }).paidUsersPaid).toBe(0);
  });
});
