// The first screen's texts (sign-in redirect, shell, folder navigation, activity, errors): the
// rest of en-US loads with every part loaded on demand (lazyWithReload) and, after the first
// screen, when the browser is idle (issue 15.4). `npm run bench -- web` lists any text group the
// first screen uses that is missing here.

import { matchLocale } from '@formwork/shared/locales';
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
  help,
  notFound,
  problems,
  settings,
  shell,
  successfullyArchivedTeams,
  successfullyDeletedTeams,
  successfullyRestoredTeams,
  timeline,
  trial,
  unsavedChanges,
  userMenu,
  workspaces,
} from '../locales/en-US.json';
import { i18n } from './translate.tsx';

export const defaultLocale = 'en-US';
export const localeStorageKey = 'locale';

/** Other locales' files, loaded only when chosen. en-US is bundled and is the fallback. */
const localeLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*.json',
  '!../locales/en-US.json',
]);

/** The locale stored under the key `locale` (spec 1), else the browser's language as a first guess. */
export function storedLocale(): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(localeStorageKey);
  } catch {
    // Private mode: nothing stored.
  }
  return stored || matchLocale(navigator.languages ?? [navigator.language]) || defaultLocale;
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
  shell,
  successfullyArchivedTeams,
  successfullyDeletedTeams,
  successfullyRestoredTeams,
  timeline,
  settings,
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
  i18n.addResources(defaultLocale, messages.default, false);
}

/**
 * Starts the texts with en-US (the fallback) and the stored locale. `firstScreenOnly` (the app's
 * start) loads only the first screen's en-US texts now and the rest when the browser is idle.
 */
export async function initI18n(locale = storedLocale(), { firstScreenOnly = false } = {}) {
  i18n.init({ lng: defaultLocale, fallbackLng: defaultLocale, resources: { [defaultLocale]: firstScreenTexts } });
  const loader = localeLoaders[`../locales/${locale}.json`];
  if (locale !== defaultLocale && loader) {
    const messages = await loader();
    i18n.addResources(locale, messages.default, true);
    i18n.changeLanguage(locale);
  }
  if (firstScreenOnly) {
    const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    later(() => void loadAllTexts());
  } else {
    await loadAllTexts();
  }
  document.documentElement.lang = i18n.language;
  return i18n;
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
  if (locale !== defaultLocale && loader && !i18n.hasResources(locale)) {
    const messages = await loader();
    i18n.addResources(locale, messages.default, true);
  }
  i18n.changeLanguage(locale);
  document.documentElement.lang = i18n.language;
}
