import { describe, expect, it } from 'vitest';
import { formatDate, formatInstant } from './date-text.ts';

const intl = new Map<string, [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

/** What Intl prints for the whole instant: the text formatInstant's kept parts must equal. */
function intlText(date: Date, locale: string, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let formats = intl.get(key);
  if (!formats) {
    formats = [
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
    ];
    intl.set(key, formats);
  }
  const name = formats[1].formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  return `${formats[0].format(date)} ${name}`;
}

const zones = [
  'UTC',
  'Australia/Sydney',
  'Australia/Lord_Howe', // a half-hour daylight-saving shift
  'Asia/Kathmandu', // +05:45
  'Pacific/Chatham', // +12:45 / +13:45
  'America/St_Johns', // -03:30 with daylight saving
  'America/New_York',
  'Europe/Amsterdam', // an offset in seconds before 1937
  'Africa/Monrovia', // -00:44:30 until 1972
];

describe('formatInstant: kept parts print what Intl prints', () => {
  it('around every daylight-saving change of 2026 and at random instants since 1900', { timeout: 120_000 }, () => {
    const instants: number[] = [];
    // Every 11 minutes of the days each zone changes its clocks in 2026 (Lord Howe, Chatham and
    // Sydney on Apr 5 and Sep 27 or Oct 4; New York and St John's on Mar 8 and Nov 1; Europe on
    // Mar 29 and Oct 25), a day either side.
    const changeDays = [
      [2, 7],
      [2, 28],
      [3, 4],
      [8, 26],
      [9, 3],
      [9, 24],
      [9, 31],
    ];
    for (const [month, day] of changeDays) {
      const start = Date.UTC(2026, month, day);
      for (let ms = start; ms < start + 3 * 86_400_000; ms += 11 * 60_000) instants.push(ms);
    }
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const from = Date.UTC(1900, 0, 1);
    for (let i = 0; i < 1000; i++) instants.push(Math.floor(from + random() * (Date.UTC(2040, 0, 1) - from)));
    const wrong: string[] = [];
    for (const timeZone of zones) {
      for (const ms of instants) {
        const date = new Date(ms);
        const expected = intlText(date, 'en-US', timeZone);
        const actual = formatInstant(date, { timeZone });
        if (actual !== expected) wrong.push(`${timeZone} ${date.toISOString()}: ${actual} != ${expected}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('other locales: the parts add up, or Intl prints the whole', () => {
    const date = new Date('2026-04-05T15:59:00Z');
    for (const locale of ['en-AU', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'ar-EG', 'zh-CN']) {
      for (const timeZone of ['Australia/Sydney', 'Europe/Berlin', 'UTC']) {
        expect(formatInstant(date, { locale, timeZone })).toBe(intlText(date, locale, timeZone));
      }
    }
  });

  it('days print as Intl prints them, before 1970 too', () => {
    for (const day of ['1899-12-31', '1969-12-31', '1970-01-01', '2026-11-24', '2099-02-28']) {
      expect(formatDate(day)).toBe(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)),
      );
    }
  });
});
