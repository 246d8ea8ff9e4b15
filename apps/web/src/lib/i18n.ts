import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// The first screen's texts (sign-in redirect, shell, folder navigation, activity, errors): the
// rest of en-US loads with every part loaded on demand (lazyWithReload) and, after the first
// screen, when the browser is idle (issue 15.4). `npm run bench -- web` lists any text group the
// first screen uses that is missing here.
import {
  actionNotFound,
  actions,
  activity,
  app,
  auth,
  common,
  errors,
  firewall,
  folderAdded,
  folderNotFound,
  folderRenamed,
  folders,
  forbidden,
  generalErr,
  gettingStarted,
  help,
  notFound,
  problems,
  profile,
  settings,
  shell,
  subscription,
  successfullyArchivedTeams,
  successfullyDeletedTeams,
  successfullyRestoredTeams,
  timeline,
  trial,
  unsavedChanges,
  userMenu,
  workspaces,
} from '../locales/en-US.json';

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

const firstScreenTexts = {
  actionNotFound,
  actions,
  activity,
  app,
  auth,
  common,
  errors,
  firewall,
  folderAdded,
  folderNotFound,
  folderRenamed,
  folders,
  forbidden,
  generalErr,
  help,
  notFound,
  problems,
  profile,
  shell,
  successfullyArchivedTeams,
  successfullyDeletedTeams,
  successfullyRestoredTeams,
  timeline,
  gettingStarted,
  settings,
  subscription,
  trial,
  unsavedChanges,
  userMenu,
  workspaces,
};

let allTexts: Promise<{ default: Record<string, unknown> }> | undefined;

/** All of en-US (fetched once): parts loaded on demand wait for it (lazyWithReload). */
export async function loadAllTexts(): Promise<void> {
  allTexts ??= import('virtual:all-texts/en-US');
  const messages = await allTexts;
  i18next.addResourceBundle(defaultLocale, 'translation', messages.default, true, false);
}

/**
 * Starts i18next with en-US (the fallback) and the stored locale. `firstScreenOnly` (the app's
 * start) loads only the first screen's en-US texts now and the rest when the browser is idle.
 */
export async function initI18n(locale = storedLocale(), { firstScreenOnly = false } = {}) {
  await i18next.use(initReactI18next).init({
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    resources: { [defaultLocale]: { translation: firstScreenTexts } },
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
  if (firstScreenOnly) {
    const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    later(() => void loadAllTexts());
  } else {
    await loadAllTexts();
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
