// The bad-input fuzzing of `npm test`, larger: many more runs per operation and a fresh seed each
// time (FUZZ_SEED to replay one). Prints how much was tried and whether anything failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { report } from './lib/figures.ts';

const runs = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const started = performance.now();
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'test/harness/fuzz.test.ts', 'test/harness/idp-fuzz.test.ts'],
  {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, NODE_ENV: 'test', FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) },
    encoding: 'utf8',
  },
);
const output = `${result.stdout}\n${result.stderr}`;
const passed = /Tests\s+\S*\s*(\d+) passed/.exec(stripVTControlCharacters(output))?.[1];
report('fuzz.duration', (performance.now() - started) / 1000, 's', { runsPerOperation: runs, seed });
report('fuzz.failures', result.status === 0 ? 0 : 1, 'suites', { seed, testsPassed: Number(passed ?? 0), goal: '= 0' });
if (result.status !== 0) {
  process.stderr.write(output.slice(-5000));
  process.exit(1);
}
