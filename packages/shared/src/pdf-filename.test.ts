import { describe, expect, it } from 'vitest';
import { defaultPdfFilenameSettings, type PdfFilenameSettings } from './fields/pdf-filename-settings.ts';
import { buildPdfFilename, type PdfFilenameContext } from './pdf-filename.ts';

// 23:30 UTC on 1 March is 2 March in Sydney and still 1 March in London.
const context: PdfFilenameContext = {
  metadata: {
    templateName: 'Daily Site Diary',
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
    ['defaults: template name and form number, hyphens, lowercase', {}, 'daily-site-diary-42.pdf'],
    ['spaces and UPPERCASE', { separator: 'spaces', letterCase: 'uppercase' }, 'DAILY SITE DIARY 42.pdf'],
    ['underscores and Title Case', { separator: 'underscores', letterCase: 'titleCase' }, 'Daily_Site_Diary_42.pdf'],
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
