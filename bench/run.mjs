// `npm run bench` runs every bench/*.bench.ts; `npm run bench -- NAME` runs bench/NAME.bench.ts.
// Each prints one JSON line per figure: {"name", "value", "unit", ...}.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const chosen = wanted.length ? wanted : all;
const unknown = chosen.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${all.join(', ')}`);
  process.exit(1);
}
let failed = 0;
for (const name of chosen) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.bench.ts`)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
  });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
