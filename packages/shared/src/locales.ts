/**
 * The locales Formwork speaks (issue 26, spec 1: texts per locale, stored under the key `locale`,
 * en-US by default). Each has a translation file for the web app (apps/web/src/locales) and for the
 * server's own texts (apps/server/src/locales); dates and numbers are formatted by `Intl` in the
 * locale, so day-first dates in en-GB and en-AU come from `Intl`, not from the files.
 */
export const locales = ['en-US', 'en-GB', 'en-AU', 'es'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en-US';

export type LocaleConventions = {
  /** The locale's own name, shown in language pickers whatever the page's language. */
  name: string;
  /** How a short date reads (what `Intl.DateTimeFormat` writes for it). */
  dateOrder: 'month-day-year' | 'day-month-year';
  /** Units offered first where a field or setting asks for one. */
  measurement: 'imperial' | 'metric';
  /** 1 Monday, 7 Sunday (ISO weekday), for calendars. */
  firstDayOfWeek: 1 | 7;
};

export const localeConventions: Record<Locale, LocaleConventions> = {
  'en-US': { name: 'English (United States)', dateOrder: 'month-day-year', measurement: 'imperial', firstDayOfWeek: 7 },
  'en-GB': { name: 'English (United Kingdom)', dateOrder: 'day-month-year', measurement: 'metric', firstDayOfWeek: 1 },
  'en-AU': { name: 'English (Australia)', dateOrder: 'day-month-year', measurement: 'metric', firstDayOfWeek: 1 },
  es: { name: 'Español', dateOrder: 'day-month-year', measurement: 'metric', firstDayOfWeek: 1 },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** English speakers whose dates and spelling follow en-GB or en-AU rather than en-US. */
const englishRegions: Record<string, Locale> = { GB: 'en-GB', IE: 'en-GB', AU: 'en-AU', NZ: 'en-AU' };

/**
 * The best offered locale for a list of language tags, most wanted first (navigator.languages,
 * Accept-Language, ui_locales): an exact match, else the same language ('es-MX' is es, 'en-NZ'
 * en-AU, 'en' en-US); undefined when none is offered.
 */
export function matchLocale(preferred: readonly string[]): Locale | undefined {
  for (const tag of preferred) {
    const exact = locales.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const [language = '', region = ''] = tag.split(/[-_]/);
    if (language.toLowerCase() === 'es') return 'es';
    if (language.toLowerCase() === 'en') return englishRegions[region.toUpperCase()] ?? 'en-US';
  }
  return undefined;
}

/** The tags of an Accept-Language header (or a space-separated ui_locales), by their q weight. */
export function languageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(/[\s,]+/)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}
