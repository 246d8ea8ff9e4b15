/**
 * What a translation file gets wrong against en-US (issue 26): keys it lacks, keys en-US lacks,
 * texts whose {{variables}} or <tags> differ, and plural forms its language does not have. Plural
 * keys (`key_one`, `key_other`, ...) are compared by their base key: a language may need other
 * forms than English, but every plural text needs `_other`, and a form both languages have
 * (`_one`) is not dropped.
 */
export type TextBundle = { [key: string]: string | TextBundle };

function flatten(bundle: TextBundle, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(bundle)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/** The {{variables}} and <tags> of a text; a plural form other than `other` may write its number out. */
const placeholders = (text: string, form: string) =>
  [...text.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}|<\/?[A-Za-z0-9]+\s*\/?>/g)]
    .map((m) => m[0].replace(/\s/g, ''))
    .filter((p) => form === '' || form === 'other' || p !== '{{count}}')
    .sort()
    .join(' ');

/** Texts by base key, each with its plural forms ('' for a text that is not plural). */
function byBase(bundle: TextBundle): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [key, text] of flatten(bundle)) {
    const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    const [base, form] = match ? [match[1] as string, match[2] as string] : [key, ''];
    if (!out.has(base)) out.set(base, new Map());
    out.get(base)?.set(form, text);
  }
  return out;
}

export function localeProblems(english: TextBundle, translated: TextBundle, locale: string): string[] {
  const problems: string[] = [];
  const source = byBase(english);
  const target = byBase(translated);
  const categories = new Set<string>([...new Intl.PluralRules(locale).resolvedOptions().pluralCategories, 'zero']);
  for (const [base, forms] of source) {
    const theirs = target.get(base);
    if (!theirs) {
      problems.push(`missing: ${base}`);
      continue;
    }
    const plural = !forms.has('');
    if (plural !== !theirs.has('')) {
      problems.push(`plural in one locale only: ${base}`);
      continue;
    }
    if (plural) {
      for (const form of new Set(['other', ...forms.keys()]))
        if ((form === 'other' || categories.has(form)) && !theirs.has(form))
          problems.push(`missing plural form: ${base}_${form}`);
      for (const form of theirs.keys())
        if (form && !categories.has(form)) problems.push(`plural form ${locale} does not have: ${base}_${form}`);
    }
    for (const [form, text] of theirs) {
      const theirsHas = placeholders(text, form);
      const englishHas = placeholders(forms.get(form) ?? forms.get('other') ?? forms.get('') ?? '', form);
      if (theirsHas !== englishHas)
        problems.push(
          `variables differ: ${base}${form ? `_${form}` : ''} has ${theirsHas || 'none'}, en-US ${englishHas || 'none'}`,
        );
    }
  }
  for (const base of target.keys()) if (!source.has(base)) problems.push(`not in en-US: ${base}`);
  return problems;
}
