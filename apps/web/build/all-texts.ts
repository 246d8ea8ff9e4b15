import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const prefix = 'virtual:all-texts/';

/**
 * `virtual:all-texts/<locale>`: a locale file whole, as a module of its own (so a chunk of its
 * own). The entry imports the first screen's text groups from the file itself by name, and the
 * bundler leaves the other groups out of it (lib/i18n.ts, issue 15.4).
 */
export function allTexts(localesDir: string): Plugin {
  return {
    name: 'formwork:all-texts',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const file = path.join(localesDir, `${id.slice(prefix.length + 1)}.json`);
      this.addWatchFile(file);
      return `export default JSON.parse(${JSON.stringify(await readFile(file, 'utf8'))});`;
    },
  };
}
