// Lists what a locale file lacks against en-US (the spec's wording), for the translator:
//   node scripts/locale-missing.mjs es        keys missing from es.json, as key=English lines
// and the keys en-US lacks, and texts whose {{variables}} or <tags> differ from en-US's. Exits 1
// when there is any. Plural keys (_one, _other...) are compared as they are written.
import { readFileSync } from 'node:fs';

const locale = process.argv[2];
if (!locale) {
  console.error('usage: node scripts/locale-missing.mjs <locale>   (e.g. es, en-GB)');
  process.exit(2);
}
const dir = new URL('../apps/web/src/locales/', import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8'));

function flatten(node, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'object' && value !== null) flatten(value, `${prefix}${key}.`, out);
    else out.set(`${prefix}${key}`, value);
  }
  return out;
}

const placeholders = (text) =>
  [...String(text).matchAll(/\{\{\s*([^{}\s]+)\s*\}\}|<\/?[A-Za-z0-9]+\s*\/?>/g)]
    .map((match) => match[0].replace(/\s/g, ''))
    .sort()
    .join(' ');

const english = flatten(read('en-US'));
const translated = flatten(read(locale));
let problems = 0;
for (const [key, text] of english) {
  if (!translated.has(key)) {
    problems += 1;
    console.log(`${key}=${JSON.stringify(text)}`);
  } else if (placeholders(translated.get(key)) !== placeholders(text)) {
    problems += 1;
    console.log(`# ${key}: en-US has [${placeholders(text)}], ${locale} has [${placeholders(translated.get(key))}]`);
  }
}
for (const key of translated.keys()) {
  if (!english.has(key)) {
    problems += 1;
    console.log(`# ${key}: not in en-US`);
  }
}
console.error(`${locale}: ${problems} to fix (${english.size} texts in en-US)`);
process.exit(problems > 0 ? 1 : 0);
