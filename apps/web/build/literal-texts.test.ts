import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalTexts } from './literal-texts.ts';

const src = path.resolve(import.meta.dirname, '../src');

/** Texts that stay literal on purpose, as `file: text` (none today: URLs, paths and example domains pass). */
const allowed = new Set<string>([]);

describe('user-facing texts come from the locale files (issue 26)', () => {
  it('finds JSX text and literal text props, not t() calls, URLs or example domains', () => {
    const source = `export const A = ({ t }) => (
  <Stack>
    <Button title="Delete the form">Save&nbsp;now</Button>
    <TextInput label={t('forms.name')} placeholder="e.g. Site diary" aria-label={\`Close\`} />
    <TextInput placeholder="https://example.com/hook" description="harbour-jv.com" />
    <Text>{t('app.name')} &amp; {count}</Text>
  </Stack>
);`;
    expect(literalTexts('a.tsx', source).map((hit) => `${hit.line} ${hit.text}`)).toEqual([
      '3 Delete the form',
      '3 Save&nbsp;now',
      '4 e.g. Site diary',
      '4 Close',
    ]);
  });

  it('has no literal user-facing text in any component', () => {
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.tsx') && !file.includes('.test.'),
    );
    expect(files.length).toBeGreaterThan(100);
    const literals = files
      .flatMap((file) => literalTexts(file, readFileSync(path.join(src, file), 'utf8')))
      .filter((hit) => !allowed.has(`${hit.file}: ${hit.text}`))
      .map((hit) => `${hit.file}:${hit.line} ${hit.text}`);
    expect(literals).toEqual([]);
  }, 60_000);
});
