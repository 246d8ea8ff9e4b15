import { describe, expect, it } from 'vitest';
import { initI18n, loadAllTexts } from './i18n.ts';
import { i18n } from './translate.tsx';

describe('texts (issue 15.4: the first screen carries only its own)', () => {
  it("starts with the first screen's groups only; the rest comes with loadAllTexts", async () => {
    await initI18n('en-US', { firstScreenOnly: true });
    expect(i18n.t('shell.notAvailableYet')).toBe('Not available yet');
    expect(i18n.exists('editor.loading')).toBe(false);
    await loadAllTexts();
    expect(i18n.t('editor.loading')).toBe('Loading template...');
    expect(i18n.t('shell.notAvailableYet')).toBe('Not available yet');
  });

  it('has every text at once when not starting the app (tests, tools)', async () => {
    await initI18n('en-US');
    expect(i18n.t('editor.loading')).toBe('Loading template...');
  });
});
