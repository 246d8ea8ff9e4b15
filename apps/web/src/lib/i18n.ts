import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../locales/en-US.json';

export const defaultLocale = 'en-US';
export const localeStorageKey = 'locale';

/** Other locales' files, loaded only when chosen. en-US is bundled and is the fallback. */
const localeLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*.json',
  '!../locales/en-US.json',
]);

export function storedLocale(): string {
  try {
    return localStorage.getItem(localeStorageKey) || defaultLocale;
  } catch {
    return defaultLocale;
  }
}

export async function initI18n(locale = storedLocale()) {
  await i18next.use(initReactI18next).init({
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    resources: { [defaultLocale]: { translation: enUS } },
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  const loader = localeLoaders[`../locales/${locale}.json`];
  if (locale !== defaultLocale && loader) {
    const messages = await loader();
    i18next.addResourceBundle(locale, 'translation', messages.default, true, true);
    await i18next.changeLanguage(locale);
  }
  document.documentElement.lang = i18next.language;
  return i18next;
}

/**
 * Switches to the locale the user chose (spec 1: stored under the key locale): its texts when a
 * file exists (en-US otherwise), its date and number formats either way.
 */
export async function applyLocale(locale: string) {
  try {
    localStorage.setItem(localeStorageKey, locale);
  } catch {
    // Private mode: the choice still applies to this page.
  }
  const loader = localeLoaders[`../locales/${locale}.json`];
  if (locale !== defaultLocale && loader && !i18next.hasResourceBundle(locale, 'translation')) {
    const messages = await loader();
    i18next.addResourceBundle(locale, 'translation', messages.default, true, true);
  }
  await i18next.changeLanguage(locale);
  document.documentElement.lang = i18next.language;
}
