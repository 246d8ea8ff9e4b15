import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DateText, useDateText, WorkspaceTimeZone } from './date-text.tsx';
import { initI18n } from './i18n.ts';

function dateText(timeZone: string | undefined): DateText {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WorkspaceTimeZone timeZone={timeZone}>{children}</WorkspaceTimeZone>
  );
  return renderHook(() => useDateText(), { wrapper }).result.current;
}

describe('useDateText: every date on screen in the workspace time zone', () => {
  beforeAll(() => initI18n('en-US'));

  it('prints instants, times and days in the zone the shell provides', () => {
    const sydney = dateText('Australia/Sydney');
    // 22:30 UTC on Nov 23 is 9:30 AM on Nov 24 in Sydney.
    expect(sydney.instant('2026-11-23T22:30:00.000Z')).toBe('Nov 24, 2026, 9:30 AM GMT+11');
    expect(sydney.time('2026-11-23T22:30:00.000Z')).toBe('9:30 AM');
    expect(sydney.day('2026-11-23T22:30:00.000Z')).toBe('2026-11-24');
    const newYork = dateText('America/New_York');
    expect(newYork.day('2026-11-23T22:30:00.000Z')).toBe('2026-11-23');
    expect(newYork.time('2026-11-23T22:30:00.000Z')).toBe('5:30 PM');
  });

  it('names today and yesterday as the zone sees them, other days in full', () => {
    const sydney = dateText('Australia/Sydney');
    const now = new Date('2026-11-23T22:30:00.000Z'); // Nov 24 in Sydney, still Nov 23 in UTC
    expect(sydney.dayHeading('2026-11-24', now)).toBe('Today');
    expect(sydney.dayHeading('2026-11-23', now)).toBe('Yesterday');
    expect(sydney.dayHeading('2026-11-22', now)).toBe('Sunday, November 22, 2026');
    expect(dateText('UTC').dayHeading('2026-11-24', now)).toBe('Tuesday, November 24, 2026');
  });

  it('falls back to UTC until the workspace is known', () => {
    expect(dateText(undefined).timeZone).toBe('UTC');
  });
});
