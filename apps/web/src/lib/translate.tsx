import {
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from 'react';

// The app's text formatter (issue 15.4, ADR 0013): keys into nested locale JSON (the i18next JSON
// format: `{{name}}` interpolation, plural keys `key_one`/`key_other`/... chosen by
// Intl.PluralRules), a fallback locale, `defaultValue`, and `<Trans>` for texts with markup. It
// replaces i18next and react-i18next (about 17 KB gzip of the first screen) with the same API the
// app used: `useTranslation()` gives `{ t, i18n }`, and `i18n.t` works outside React.

type Bundle = Record<string, unknown>;
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };
export type TFunction = (key: string, options?: TOptions) => string;

const bundles = new Map<string, Bundle>();
let language = 'en-US';
let fallbackLanguage = 'en-US';
const listeners = new Set<() => void>();
/** Changes with the language: `useTranslation()` gives a new `t` then, as react-i18next did. */
let version = 0;

function isObject(value: unknown): value is Bundle {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(target: Bundle, source: Bundle, overwrite: boolean): Bundle {
  for (const [key, value] of Object.entries(source)) {
    // Own texts only: a key may be named like an object's built-in member (lists.valueOf).
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isObject(value) && isObject(current)) deepMerge(current, value, overwrite);
    else if (isObject(value)) target[key] = deepMerge({}, value, overwrite);
    else if (overwrite || current === undefined) target[key] = value;
  }
  return target;
}

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let node: unknown = bundle;
  for (const part of key.split('.')) {
    if (!isObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en-US');
    }
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (match, name: string) => {
    const value = options[name];
    // A value not given keeps its placeholder, as i18next did.
    return value === undefined || value === null ? match : String(value);
  });
}

/** The text in one locale: the plural form for `count` (`_zero` for 0 if present), else the key itself. */
function find(locale: string, key: string, count: number | undefined): string | undefined {
  const bundle = bundles.get(locale);
  if (!bundle) return undefined;
  if (typeof count === 'number') {
    const forms = count === 0 ? ['zero', pluralCategory(locale, count)] : [pluralCategory(locale, count)];
    for (const form of [...forms, 'other']) {
      const text = lookup(bundle, `${key}_${form}`);
      if (text !== undefined) return text;
    }
  }
  return lookup(bundle, key);
}

function resolve(key: string, count: number | undefined): string | undefined {
  return find(language, key, count) ?? (language === fallbackLanguage ? undefined : find(fallbackLanguage, key, count));
}

/** The text of `key` in the current language (the fallback's if it has none), or the key. */
const t: TFunction = (key, options) => {
  const text = resolve(key, options?.count) ?? options?.defaultValue ?? key;
  return interpolate(text, options);
};

function notify() {
  version += 1;
  for (const listener of listeners) listener();
}

export const i18n = {
  t,
  get language() {
    return language;
  },
  /** The language whose texts exist (the fallback when the chosen one has no file). */
  get resolvedLanguage() {
    return bundles.has(language) ? language : fallbackLanguage;
  },
  exists(key: string): boolean {
    return resolve(key, undefined) !== undefined;
  },
  init({ lng, fallbackLng, resources }: { lng: string; fallbackLng: string; resources: Record<string, Bundle> }) {
    bundles.clear();
    for (const [locale, texts] of Object.entries(resources)) bundles.set(locale, deepMerge({}, texts, true));
    fallbackLanguage = fallbackLng;
    language = lng;
    notify();
  },
  /** Adds texts to a locale; `overwrite` replaces texts it already has. */
  addResources(locale: string, texts: Bundle, overwrite: boolean) {
    bundles.set(locale, deepMerge(bundles.get(locale) ?? {}, texts, overwrite));
  },
  hasResources(locale: string): boolean {
    return bundles.has(locale);
  },
  changeLanguage(locale: string) {
    if (locale === language) return;
    language = locale;
    notify();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t` and `i18n` for a component, which renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  // A new function per language: effects and memos that depend on `t` follow the language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is the language's version.
  const bound = useMemo<TFunction>(() => (key, options) => t(key, options), [current]);
  return { t: bound, i18n };
}

/**
 * A text with markup: `<b>{{word}}</b>` in the locale file, `components={{ b: <b /> }}` here. Tags
 * not given in `components` show as their text.
 */
export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}) {
  useTranslation();
  return <>{markup(t(i18nKey, values), components)}</>;
}

function markup(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  const tag = /<([A-Za-z0-9]+)\s*(\/)?>/g;
  let index = 0;
  let match = tag.exec(text);
  while (match) {
    if (match.index > index) nodes.push(text.slice(index, match.index));
    const [whole, name, selfClosing] = match as unknown as [string, string, string | undefined];
    const component = components[name];
    const close = `</${name}>`;
    const end = selfClosing ? -1 : text.indexOf(close, match.index + whole.length);
    const inner = end >= 0 ? text.slice(match.index + whole.length, end) : '';
    const children = inner ? markup(inner, components) : undefined;
    const key = nodes.length;
    if (component && isValidElement(component)) nodes.push(cloneElement(component, { key }, children));
    else nodes.push(<Fragment key={key}>{children}</Fragment>);
    index = end >= 0 ? end + close.length : match.index + whole.length;
    tag.lastIndex = index;
    match = tag.exec(text);
  }
  if (index < text.length) nodes.push(text.slice(index));
  return nodes;
}
