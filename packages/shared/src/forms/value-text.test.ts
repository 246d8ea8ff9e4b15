import { describe, expect, it } from 'vitest';
import type { Field } from '../fields/field.ts';
import { fieldSchema } from '../fields/field.ts';
import { formatDate, formatDateTime, formatInstant, isoDay, isTimeZone } from './date-text.ts';
import { fieldValueText, type TextContext } from './value-text.ts';

const alice = '8675bed0-1111-4c1d-9f3e-2b4f5a6b7c8d';
const bob = '8675bed0-2222-4c1d-9f3e-2b4f5a6b7c8d';
const gone = '8675bed0-3333-4c1d-9f3e-2b4f5a6b7c8d';
const related = '9a3c1f7e-8a53-4c1d-9f3e-2b4f5a6b7c8d';
const fileId = '6a3c1f7e-8a53-4c1d-9f3e-2b4f5a6b7c8d';
const names = new Map([
  [alice, 'Alice Able'],
  [bob, 'Bob Baker'],
]);
const context: TextContext = {
  userName: (id) => names.get(id),
  formTitle: (id) => (id === related ? 'Site Diary #4' : undefined),
  timeZone: 'Australia/Sydney',
};

const field = (input: Record<string, unknown>): Field => fieldSchema.parse({ id: 'f', ...input });
const text = (input: Record<string, unknown>, value: unknown, ctx: TextContext = context) =>
  fieldValueText(field(input), value, ctx);

describe('fieldValueText: one text per value type', () => {
  it('names people, never shows their ids', () => {
    expect(text({ type: 'singlePerson' }, alice)).toBe('Alice Able');
    expect(text({ type: 'person' }, [alice, bob])).toBe('Alice Able; Bob Baker');
    expect(text({ type: 'person' }, [gone])).toBe('Unknown person');
    expect(text({ type: 'singlePerson' }, alice, {})).toBe('Unknown person');
  });

  it('shows list items, choices and dropdowns by their labels', () => {
    const item = (label: string) => ({ itemId: crypto.randomUUID(), label, colour: null, properties: [] });
    expect(text({ type: 'list' }, [item('Concrete'), item('Steel')])).toBe('Concrete; Steel');
    const options = [
      { id: 'a', label: 'Apples' },
      { id: 'b', label: 'Bananas' },
    ];
    expect(text({ type: 'multipleChoice', options, allowMultiple: true }, ['a', 'b'])).toBe('Apples; Bananas');
    expect(text({ type: 'dropdown', options }, 'b')).toBe('Bananas');
  });

  it("a table's list cell reads as the label of the item it keeps (issue 18.5)", () => {
    const columns = [{ id: 'what', heading: 'Plant', width: 'M', cellType: 'list', listId: null }];
    const value = {
      rows: [{ id: 'r1', cells: { what: { itemId: alice, label: 'Crane 2', colour: null, properties: [] } } }],
    };
    expect(text({ type: 'defaultTable', columns }, value)).toBe('Crane 2');
  });

  it('prints dates, date ranges, date-times and their ranges in one format', () => {
    expect(text({ type: 'date' }, '2026-11-23')).toBe('Nov 23, 2026');
    expect(text({ type: 'dateRange' }, { start: '2026-11-23', end: '2026-11-25' })).toBe('Nov 23, 2026 – Nov 25, 2026');
    expect(text({ type: 'dateTime' }, '2026-11-23T07:30:00+11:00')).toBe('Nov 23, 2026, 7:30 AM UTC+11:00');
    expect(text({ type: 'dateTime' }, '2026-11-22T20:30:00Z', { ...context, dateDisplay: 'localToExporter' })).toBe(
      'Nov 23, 2026, 7:30 AM GMT+11',
    );
    expect(
      text({ type: 'dateTimeRange' }, { start: '2026-11-23T07:30:00+11:00', end: '2026-11-23T16:00:00+11:00' }),
    ).toBe('Nov 23, 2026, 7:30 AM UTC+11:00 – Nov 23, 2026, 4:00 PM UTC+11:00');
    expect(text({ type: 'expiryDate' }, '2026-01-01', { ...context, now: new Date('2026-11-23T00:00:00Z') })).toBe(
      'Jan 1, 2026 (expired)',
    );
    expect(text({ type: 'date' }, '2026-11-23', { locale: 'en-GB' })).toBe('23 Nov 2026');
  });

  it('keeps the decimals typed in numbers, adds the unit, rounds formulas to their precision', () => {
    expect(text({ type: 'number', decimals: 0 }, 21.5)).toBe('21.5');
    expect(text({ type: 'number', decimals: 2, unit: '°C' }, 21.5)).toBe('21.50 °C');
    expect(text({ type: 'formula', expression: '1', decimals: 2 }, 12.3456)).toBe('12.35');
    expect(text({ type: 'number', decimals: 1 }, 9.2, { locale: 'de-DE' })).toBe('9,2');
  });

  it('reads Yes/No/NA with their text', () => {
    expect(text({ type: 'yesNo', withText: true }, { answer: 'yes', text: 'All clear' })).toBe('Yes - All clear');
    expect(text({ type: 'yesNoNa' }, { answer: 'na' })).toBe('NA');
    expect(text({ type: 'yesNo' }, { answer: null })).toBe('');
  });

  it('describes signatures, photos and sketches', () => {
    expect(
      text({ type: 'signature' }, { fileId, signerName: 'Alice Able', signedAt: '2026-11-23T16:00:00+11:00' }),
    ).toBe('Signed Alice Able Nov 23, 2026, 4:00 PM UTC+11:00');
    expect(text({ type: 'photos' }, [{ fileId }, { fileId }])).toBe('2 photos');
    expect(text({ type: 'photos' }, [{ fileId }])).toBe('1 photo');
    expect(text({ type: 'sketch' }, { fileId })).toBe('Sketch');
  });

  it('prints a location and names related forms', () => {
    expect(text({ type: 'location' }, { latitude: -33.8688, longitude: 151.2093, address: 'Sydney' })).toBe(
      'Sydney (-33.868800, 151.209300)',
    );
    expect(text({ type: 'relationship' }, [related, gone])).toBe('Site Diary #4; Unavailable form');
  });

  it('writes tables row by row with every cell type as text', () => {
    const columns = [
      { id: 'who', heading: 'Who', width: 'M', cellType: 'person' },
      { id: 'when', heading: 'When', width: 'M', cellType: 'date' },
      { id: 'ok', heading: 'OK', width: 'S', cellType: 'yesNo' },
      { id: 'qty', heading: 'Qty', width: 'XS', cellType: 'number' },
    ];
    const value = {
      rows: [
        { id: 'r1', cells: { who: alice, when: '2026-11-23', ok: 'yes', qty: 2.5 } },
        { id: 'r2', cells: { who: bob, ok: 'no' } },
      ],
    };
    expect(text({ type: 'defaultTable', columns }, value)).toBe(
      'Alice Able | Nov 23, 2026 | Yes | 2.5; Bob Baker |  | No | ',
    );
    const signOn = text(
      { type: 'signOnTable', columns: [] },
      { rows: [{ id: 'r1', name: 'Carol', company: 'Acme', signature: { fileId }, cells: {} }] },
    );
    expect(signOn).toBe('Carol | Acme | Signed');
  });

  it('uses the words it is given (the web passes its translations)', () => {
    expect(text({ type: 'yesNo' }, { answer: 'yes' }, { words: { yes: 'Oui' } })).toBe('Oui');
  });
});

describe('date-text: one formatter per locale, instants in the workspace zone', () => {
  it('formats days, instants and date-times', () => {
    expect(formatDate('2026-11-23')).toBe('Nov 23, 2026');
    expect(formatInstant('2026-11-22T20:30:00Z', { timeZone: 'Australia/Sydney' })).toBe(
      'Nov 23, 2026, 7:30 AM GMT+11',
    );
    expect(formatInstant('2026-11-22T20:30:00Z')).toBe('Nov 22, 2026, 8:30 PM UTC');
    expect(formatDateTime('2026-11-23T07:30:00Z', 'localToEntry')).toBe('Nov 23, 2026, 7:30 AM UTC');
    expect(isoDay(new Date('2026-11-22T20:30:00Z'), 'Australia/Sydney')).toBe('2026-11-23');
  });

  it('instants of several zones and locales in turn each read their own zone and locale (cached texts)', () => {
    const instant = new Date('2026-11-22T20:30:00Z');
    for (let round = 0; round < 2; round++) {
      expect(formatInstant(instant, { timeZone: 'Australia/Sydney' })).toBe('Nov 23, 2026, 7:30 AM GMT+11');
      expect(formatInstant(instant, { timeZone: 'America/New_York' })).toBe('Nov 22, 2026, 3:30 PM EST');
      expect(formatInstant(instant, { timeZone: 'America/New_York', locale: 'en-GB' })).toBe(
        '22 Nov 2026, 15:30 GMT-5',
      );
      expect(formatInstant(instant)).toBe('Nov 22, 2026, 8:30 PM UTC');
      // A day the clocks change in New York, either side of the change.
      expect(formatInstant('2026-11-01T05:30:00Z', { timeZone: 'America/New_York' })).toBe('Nov 1, 2026, 1:30 AM EDT');
      expect(formatInstant('2026-11-01T06:30:00Z', { timeZone: 'America/New_York' })).toBe('Nov 1, 2026, 1:30 AM EST');
    }
  });

  it('knows IANA zones', () => {
    expect(isTimeZone('Australia/Sydney')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
