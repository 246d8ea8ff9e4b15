import { defaultLocale, isLocale, type Locale, languageTags, matchLocale } from '@formwork/shared/locales';
import enAU from '../locales/en-AU.json' with { type: 'json' };
import enGB from '../locales/en-GB.json' with { type: 'json' };
import enUS from '../locales/en-US.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };

// The server's own texts (sign-in pages, e-mails, PDFs, exports), one file per locale in
// src/locales, in the web app's format: nested keys, `{{name}}` interpolation, plural forms as
// `key_one`/`key_other`/... chosen by Intl.PluralRules. en-US is complete and the fallback; a
// locale without a file here speaks en-US (with its own dates and numbers).

type Bundle = { [key: string]: string | Bundle };
type Texts = typeof enUS;

/** A locale's file; add its import above when a locale's file lands. */
const files: Partial<Record<Locale, Texts>> = { 'en-US': enUS, 'en-GB': enGB, 'en-AU': enAU, es };

/** The dotted keys of the texts, plural forms named by their base key (`signIn.waitSeconds`). */
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${'one' | 'other'}` ? Base : K}`
    : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TextKey = Keys<Texts>;

export type TextValues = Record<string, string | number> & { count?: number };
export type Translate = (key: TextKey, values?: TextValues) => string;

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let node: Bundle | string | undefined = bundle;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function find(locale: Locale, key: string, count: number | undefined): string | undefined {
  const bundle = files[locale] as Bundle | undefined;
  if (typeof count === 'number') {
    const form = new Intl.PluralRules(locale).select(count);
    const text = lookup(bundle, `${key}_${form}`) ?? lookup(bundle, `${key}_other`);
    if (text !== undefined) return text;
  }
  return lookup(bundle, key);
}

/** The texts of one locale: `t` falls back to en-US for a text the locale lacks. */
export function textsIn(locale: string | null | undefined): { locale: Locale; t: Translate } {
  const chosen = isLocale(locale) ? locale : defaultLocale;
  const t: Translate = (key, values) => {
    const text = find(chosen, key, values?.count) ?? find(defaultLocale, key, values?.count) ?? key;
    if (!values) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      values[name] === undefined ? match : String(values[name]),
    );
  };
  return { locale: chosen, t };
}

/** The texts for the first offered locale of `ui_locales` or an Accept-Language header, else en-US. */
export function textsFor(preferred: string | undefined): { locale: Locale; t: Translate } {
  return textsIn(matchLocale(languageTags(preferred)));
}
