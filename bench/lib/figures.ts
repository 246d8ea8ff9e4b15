/** One figure, one JSON line on stdout. */
export function report(name: string, value: number, unit: string, extra: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(3)), unit, ...extra })}\n`);
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}
