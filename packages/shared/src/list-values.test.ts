import { describe, expect, it } from 'vitest';
import { listValueError } from './schemas/lists.ts';

describe('list values (issue 18)', () => {
  it('a date is a real calendar day as YYYY-MM-DD (leap years by the Gregorian rule)', () => {
    for (const day of ['2027-03-01', '2000-02-29', '2024-02-29', '0001-01-01', '9999-12-31', '2027-04-30']) {
      expect(listValueError('date', day)).toBeNull();
    }
    for (const day of [
      '1900-02-29',
      '2027-02-29',
      '2027-04-31',
      '2027-13-01',
      '2027-00-10',
      '0000-01-01',
      '2027-1-1',
    ]) {
      expect(listValueError('expiry_date', day)).toBe('Enter a date as YYYY-MM-DD');
    }
  });
});
