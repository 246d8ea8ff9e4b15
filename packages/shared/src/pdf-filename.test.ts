import { describe, expect, it } from 'vitest';
import { defaultPdfFilenameSettings, type PdfFilenameSettings } from './fields/pdf-filename-settings.ts';
import { buildPdfFilename, type PdfFilenameContext, uniquePdfFilenames } from './pdf-filename.ts';

// 23:30 UTC on 1 March is 2 March in Sydney and still 1 March in London.
const context: PdfFilenameContext = {
  metadata: {
    templateName: 'Daily Site Diary',
    formName: 'Site Diary',
    templateId: 'DSD-01',
    formNumber: 42,
    createdDate: new Date('2026-03-01T23:30:00Z'),
    teamName: 'Civil Works',
  },
  fieldValues: { weather: 'Light rain', crew: ['Ana', 'Ben'], empty: '', night: true },
  entryTimeZone: 'Australia/Sydney',
  exporterTimeZone: 'Europe/London',
};

function settings(overrides: Partial<PdfFilenameSettings>): PdfFilenameSettings {
  return { ...defaultPdfFilenameSettings, ...overrides };
}

describe('buildPdfFilename', () => {
  it.each<[string, Partial<PdfFilenameSettings>, string]>([
    ['defaults: form name and form number, hyphens, lowercase', {}, 'site-diary-42.pdf'],
    ['spaces and UPPERCASE', { separator: 'spaces', letterCase: 'uppercase' }, 'SITE DIARY 42.pdf'],
    ['underscores and Title Case', { separator: 'underscores', letterCase: 'titleCase' }, 'Site_Diary_42.pdf'],
    [
      'static text and form fields in order',
      {
        parts: [
          { kind: 'static', text: 'Acme' },
          { kind: 'field', fieldId: 'weather' },
          { kind: 'field', fieldId: 'crew' },
          { kind: 'field', fieldId: 'night' },
        ],
      },
      'acme-light-rain-ana-ben-yes.pdf',
    ],
    [
      'empty and missing parts are skipped',
      {
        parts: [
          { kind: 'field', fieldId: 'empty' },
          { kind: 'metadata', key: 'projectName' },
          { kind: 'metadata', key: 'templateId' },
        ],
      },
      'dsd-01.pdf',
    ],
    ['dates local to data entry (default)', { parts: [{ kind: 'metadata', key: 'createdDate' }] }, '2026-03-02.pdf'],
    [
      'dates local to the exporter',
      { parts: [{ kind: 'metadata', key: 'createdDate' }], dateDisplay: 'localToExporter' },
      '2026-03-01.pdf',
    ],
    ['unsafe characters are removed', { parts: [{ kind: 'static', text: 'a/b:c*d?"e<f>g|h' }] }, 'a-b-c-d-e-f-g-h.pdf'],
    ['nothing to show falls back to form', { parts: [] }, 'form.pdf'],
  ])('%s', (_rule, overrides, expected) => {
    expect(buildPdfFilename(settings(overrides), context)).toBe(expected);
  });

  it('keeps names to 200 characters before the extension', () => {
    const name = buildPdfFilename(settings({ parts: [{ kind: 'static', text: 'x'.repeat(300) }] }), context);
    expect(name).toBe(`${'x'.repeat(200)}.pdf`);
  });
});

describe('uniquePdfFilenames: every PDF of a ZIP has a name of its own', () => {
  const entry = (fileName: string, formNumber: number, separator: 'hyphens' | 'underscores' = 'hyphens') => ({
    fileName,
    formNumber,
    separator,
  });

  it('adds the form number to names several forms share, and leaves the others alone', () => {
    expect(
      uniquePdfFilenames([
        entry('site-diary-2026-11-23.pdf', 12),
        entry('site-diary-2026-11-23.pdf', 13),
        entry('SITE-DIARY-2026-11-23.pdf', 14),
        entry('permit-7.pdf', 7),
      ]),
    ).toEqual([
      'site-diary-2026-11-23-12.pdf',
      'site-diary-2026-11-23-13.pdf',
      'SITE-DIARY-2026-11-23-14.pdf',
      'permit-7.pdf',
    ]);
  });

  it('uses the template separator, and numbers what is still taken without touching unique names', () => {
    expect(
      uniquePdfFilenames([
        entry('diary_5.pdf', 5, 'underscores'),
        entry('diary_5.pdf', 5, 'underscores'),
        entry('diary_5 (2).pdf', 9),
      ]),
    ).toEqual(['diary_5.pdf', 'diary_5 (3).pdf', 'diary_5 (2).pdf']);
  });

  it('gives the same names for the same selection (deterministic)', () => {
    const list = [entry('a.pdf', 1), entry('a.pdf', 2), entry('b.pdf', 3)];
    expect(uniquePdfFilenames(list)).toEqual(uniquePdfFilenames([...list]));
    expect(new Set(uniquePdfFilenames(list).map((n) => n.toLowerCase())).size).toBe(3);
  });
});
