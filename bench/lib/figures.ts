/**
 * A goal a figure is held to: `< 100`, `<= 0`, `>= 0.9`, `= 0`, or `~60`: about 60 at most (a
 * bound such as the rows a page holds; met up to a quarter above it). Written as text so the JSON
 * line reads as the goal was stated.
 */
export type Goal = `${'<' | '<=' | '>' | '>=' | '=' | '~'}${string}`;

const goalPattern = /^(<=|>=|<|>|=|~)\s*(-?\d+(?:\.\d+)?)$/;

/** Whether `value` meets `goal`; throws on a goal that is not of the forms above. */
export function meets(value: number, goal: Goal): boolean {
  const match = goalPattern.exec(goal.trim());
  if (!match) throw new Error(`Goal "${goal}" is not of the form "< 100", ">= 0.9", "= 0" or "~60"`);
  const target = Number(match[2]);
  switch (match[1]) {
    case '<':
      return value < target;
    case '<=':
      return value <= target;
    case '>':
      return value > target;
    case '>=':
      return value >= target;
    case '=':
      return value === target;
    default:
      return value <= target * 1.25;
  }
}

/**
 * One figure, one JSON line on stdout. A figure with a goal carries `"met": true|false`; a figure
 * that is not a number (NaN: nothing measured) never meets its goal.
 */
export function report(
  name: string,
  value: number,
  unit: string,
  extra: Record<string, unknown> & { goal?: Goal } = {},
) {
  const met = extra.goal === undefined ? {} : { met: Number.isFinite(value) && meets(value, extra.goal) };
  process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(3)), unit, ...extra, ...met })}\n`);
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}
