import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { localeProblems, type TextBundle } from '@formwork/shared/locale-parity';
import { locales } from '@formwork/shared/locales';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const read = (locale: string) => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as TextBundle;

describe("the web app's locale files (issue 26)", () => {
  it('are one per offered locale', () => {
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...locales].sort());
  });

  it.each(locales.filter((locale) => locale !== 'en-US'))(
    '%s has every en-US key, no other, the same variables and its plural forms',
    (locale) => {
      expect(localeProblems(read('en-US'), read(locale), locale)).toEqual([]);
    },
  );
});
