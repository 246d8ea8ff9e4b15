import { type TextKey, type TextValues, textsFor } from '../i18n/texts.ts';

/**
 * Texts of the provider's own pages (src/locales, group `signIn`). The web app has its own
 * translation files; these pages render on the server before the app is loaded.
 */
type InGroup<K> = K extends `signIn.${infer Key}` ? Key : never;
export type MessageKey = InGroup<TextKey>;

export type Translate = (key: MessageKey, values?: TextValues) => string;

/** "in 30 seconds", "in 4 minutes": how long a throttled attempt must wait, rounded up. */
export function waitText(t: Translate, ms: number): string {
  if (ms <= 60_000) return t('waitSeconds', { count: Math.max(1, Math.ceil(ms / 1000)) });
  return t('waitMinutes', { count: Math.ceil(ms / 60_000) });
}

const ruleKeys = {
  length: 'ruleLength',
  lowercase: 'ruleLowercase',
  uppercase: 'ruleUppercase',
  number: 'ruleNumber',
} as const satisfies Record<string, MessageKey>;

/** A password rule of spec 5.7 (shared passwordRules) in the page's language. */
export function passwordRuleText(t: Translate, rule: keyof typeof ruleKeys): string {
  return t(ruleKeys[rule]);
}

/** Picks the first offered locale of `ui_locales` or Accept-Language, else en-US. */
export function translator(preferred: string | undefined): { locale: string; t: Translate } {
  const { locale, t } = textsFor(preferred);
  return { locale, t: (key, values) => t(`signIn.${key}`, values) };
}
