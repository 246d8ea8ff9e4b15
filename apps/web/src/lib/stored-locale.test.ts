import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeStorageKey, storedLocale } from './i18n.ts';

describe('the locale before anyone signs in (issue 26)', () => {
  afterEach(() => {
    localStorage.removeItem(localeStorageKey);
    vi.restoreAllMocks();
  });

  it("guesses from the browser's languages when nothing is stored", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'en']);
    expect(storedLocale()).toBe('es');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-NZ']);
    expect(storedLocale()).toBe('en-AU');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(storedLocale()).toBe('en-US');
  });

  it('keeps what is stored under the key locale (spec 1)', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX']);
    localStorage.setItem(localeStorageKey, 'en-GB');
    expect(storedLocale()).toBe('en-GB');
  });
});
