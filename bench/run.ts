// `npm run bench` runs every bench/*.bench.ts; `npm run bench -- NAME...` runs bench/NAME.bench.ts.
// Each prints one JSON line per figure: {"name", "value", "unit", ...}; a figure with a goal carries
// "goal" and "met". `--runs=N` runs each bench N times and judges each figure by its median.
// At the end: the machine's state, and a table of every figure (median, spread, goal). The exit code
// is non-zero when a goal was missed or a bench failed. `--report=FILE` also writes the table as
// Markdown, the form README and docs/decisions quote figures in.
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type Goal, meets } from './lib/figures.ts';

type Figure = { name: string; value: number; unit: string; goal?: Goal };

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Math.max(1, Number(option('runs') ?? 1));
const reportFile = option('report');
const wanted = args.filter((a) => !a.startsWith('-'));
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
function runBench(name: string): Promise<{ code: number; figures: Figure[] }> {
  return new Promise((resolve) => {
    const figures: Figure[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.bench.ts`)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      process.stdout.write(`${line}\n`);
      try {
        const figure = JSON.parse(line);
        if (typeof figure?.name === 'string' && typeof figure.value === 'number') figures.push(figure);
      } catch {
        // not a figure
      }
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), figures }));
  });
}

/** What a reader needs to weigh a figure: when, on what, and how busy the machine was. */
function machineState() {
  const [one, five, fifteen] = os.loadavg().map((l) => l.toFixed(2));
  return `${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load average ${one} / ${five} / ${fifteen}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const round = (value: number) => Number(value.toPrecision(4));

const stateBefore = machineState();
const failed: string[] = [];
const seen = new Map<string, { bench: string; unit: string; goal?: Goal; values: number[] }>();
for (const name of chosen) {
  for (let run = 1; run <= runs; run++) {
    if (runs > 1) process.stderr.write(`\n== ${name}, run ${run} of ${runs} ==\n`);
    const { code, figures } = await runBench(name);
    if (code !== 0) failed.push(`${name} (run ${run})`);
    for (const figure of figures) {
      const key = `${name}\u0000${figure.name}`;
      const entry = seen.get(key) ?? { bench: name, unit: figure.unit, goal: figure.goal, values: [] };
      entry.values.push(figure.value);
      seen.set(key, entry);
    }
  }
}
const stateAfter = machineState();

const rows = [...seen.entries()].map(([key, { unit, goal, values }]) => {
  const value = median(values);
  const met = goal === undefined ? undefined : Number.isFinite(value) && meets(value, goal);
  const spread = values.length > 1 ? `${round(Math.min(...values))}-${round(Math.max(...values))}` : '';
  return {
    status: met === undefined ? '' : met ? 'met' : 'MISSED',
    figure: key.split('\u0000')[1] as string,
    value: `${round(value)} ${unit}`,
    spread,
    runs: String(values.length),
    goal: goal ?? '',
  };
});
const columns = ['status', 'figure', 'value', 'spread', 'runs', 'goal'] as const;
const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
const goals = rows.filter((r) => r.status);
const missed = goals.filter((r) => r.status === 'MISSED');

process.stderr.write(`\nMachine before: ${stateBefore}\nMachine after:  ${stateAfter}\n`);
process.stderr.write(
  `Figures (median of ${runs} run${runs > 1 ? 's' : ''}, spread min-max); goals: ${goals.length - missed.length} met, ${missed.length} missed\n`,
);
process.stderr.write(`${line([...columns])}\n${rows.map((r) => line(columns.map((c) => r[c]))).join('\n')}\n`);
if (failed.length) process.stderr.write(`Benches that failed: ${failed.join(', ')}\n`);

if (reportFile) {
  const markdown = [
    `Benches: ${chosen.join(', ')}; median of ${runs} run${runs > 1 ? 's' : ''} with the spread (min-max).`,
    `Machine at the start: ${stateBefore}; at the end: ${stateAfter}.`,
    '',
    '| | figure | median | spread | goal |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.status} | ${r.figure} | ${r.value} | ${r.spread} | ${r.goal} |`),
    ...(failed.length ? ['', `Benches that failed: ${failed.join(', ')}`] : []),
    '',
  ].join('\n');
  writeFileSync(reportFile, markdown);
}
process.exit(missed.length || failed.length ? 1 : 0);
