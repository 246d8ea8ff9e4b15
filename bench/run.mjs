// `npm run bench` runs every bench/*.bench.ts; `npm run bench -- NAME` runs bench/NAME.bench.ts.
// Each prints one JSON line per figure: {"name", "value", "unit", ...}; a figure with a goal carries
// "goal" and "met". At the end: a table of the goals met and missed. The exit code is non-zero when
// a goal was missed or a bench failed.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

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

/** Runs one bench, passing its output through; answers its exit code and the figures it printed. */
function runBench(name) {
  return new Promise((resolve) => {
    const figures = [];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.bench.ts`)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      process.stdout.write(`${line}\n`);
      try {
        const figure = JSON.parse(line);
        if (typeof figure?.name === 'string' && 'value' in figure) figures.push(figure);
      } catch {
        // not a figure
      }
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), figures }));
  });
}

const failed = [];
const goals = [];
for (const name of chosen) {
  const { code, figures } = await runBench(name);
  if (code !== 0) failed.push(name);
  for (const figure of figures) if (figure.goal !== undefined) goals.push({ bench: name, ...figure });
}

const rows = goals.map((g) => [g.met ? 'met' : 'MISSED', g.name, `${g.value} ${g.unit}`, String(g.goal)]);
const header = ['', 'figure', 'value', 'goal'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
const missed = goals.filter((g) => !g.met);
process.stderr.write(`\nGoals: ${goals.length - missed.length} met, ${missed.length} missed\n`);
process.stderr.write(`${line(header)}\n${rows.map(line).join('\n')}\n`);
if (failed.length) process.stderr.write(`Benches that failed: ${failed.join(', ')}\n`);
process.exit(missed.length || failed.length ? 1 : 0);
