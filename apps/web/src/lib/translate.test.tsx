import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';
import { i18n, Trans, useTranslation } from './translate.tsx';

const texts = {
  greeting: 'Hello {{name}}, {{ name }} again',
  files_one: '{{count}} file',
  files_other: '{{count}} files',
  files_few: '{{count}} pliki',
  files_many: '{{count}} plików',
  strong: 'Type <b>{{word}}</b> to confirm',
  nested: { deeper: { key: 'Deep' } },
};

function FileCount() {
  const { t, i18n: current } = useTranslation();
  return <p>{`${current.language}: ${t('files', { count: 3 })}`}</p>;
}

function start(language = 'en-US') {
  i18n.init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': texts } });
  i18n.addResources(
    'pl-PL',
    { files_one: '{{count}} plik', files_few: '{{count}} pliki', files_many: '{{count}} plików' },
    true,
  );
  i18n.changeLanguage(language);
}

afterEach(async () => {
  await initI18n('en-US');
});

describe('the text formatter (issue 15.4: instead of i18next, same t() API)', () => {
  it('looks up nested keys and interpolates {{name}} (unknown values keep their placeholder)', () => {
    start();
    expect(i18n.t('nested.deeper.key')).toBe('Deep');
    // Keys named like an object's own members are texts like any other.
    i18n.addResources('en-US', { lists: { valueOf: '{{property}} of {{name}}' } }, false);
    expect(i18n.t('lists.valueOf', { property: 'Hours', name: 'Excavator' })).toBe('Hours of Excavator');
    expect(i18n.t('lists.toString')).toBe('lists.toString');
    expect(i18n.t('greeting', { name: 'Ana' })).toBe('Hello Ana, Ana again');
    expect(i18n.t('greeting')).toBe('Hello {{name}}, {{ name }} again');
  });

  it('chooses the plural form with Intl.PluralRules of the language, then falls back to en-US', () => {
    start();
    expect(i18n.t('files', { count: 1 })).toBe('1 file');
    expect(i18n.t('files', { count: 0 })).toBe('0 files');
    expect(i18n.t('files', { count: 5 })).toBe('5 files');
    start('pl-PL');
    expect(i18n.t('files', { count: 1 })).toBe('1 plik');
    expect(i18n.t('files', { count: 3 })).toBe('3 pliki');
    expect(i18n.t('files', { count: 5 })).toBe('5 plików');
    // A key the language lacks comes from the fallback.
    expect(i18n.t('greeting', { name: 'Jan' })).toBe('Hello Jan, Jan again');
    expect(i18n.resolvedLanguage).toBe('pl-PL');
  });

  it('a missing key gives its defaultValue, else the key; exists() says which', () => {
    start();
    expect(i18n.t('nope.missing', { defaultValue: 'Fallback {{n}}', n: 2 })).toBe('Fallback 2');
    expect(i18n.t('nope.missing')).toBe('nope.missing');
    expect(i18n.exists('nested.deeper.key')).toBe(true);
    expect(i18n.exists('nested.deeper')).toBe(false);
  });

  it('<Trans> renders the markup of a text with the given components', () => {
    start();
    render(<Trans i18nKey="strong" values={{ word: 'DELETE' }} components={{ b: <b /> }} />);
    expect(screen.getByText('DELETE').tagName).toBe('B');
    expect(document.body).toHaveTextContent('Type DELETE to confirm');
  });

  it('useTranslation() renders again with a new t when the language changes', () => {
    start();
    render(<FileCount />);
    expect(screen.getByText('en-US: 3 files')).toBeInTheDocument();
    act(() => i18n.changeLanguage('pl-PL'));
    expect(screen.getByText('pl-PL: 3 pliki')).toBeInTheDocument();
  });
});
