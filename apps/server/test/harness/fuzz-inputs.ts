import { encodeCursor } from '@formwork/shared/schemas/cursor';
import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';

/** A fixed seed in `npm test`; the fuzz benchmark sets more runs and other seeds. */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? 20261122);
export const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 15);

/** Values of the wrong kind, at the edges, or hostile: what a careless or malicious client sends. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.1,
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    "'; drop table folders; --",
    '<script>alert(1)</script>',
    '%00',
    '\uD800',
    '😀'.repeat(1000),
    'x'.repeat(100_000),
    [],
    {},
    { __proto__: { polluted: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A JSON document nested `depth` levels deep. */
export function deeplyNested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** The valid sample with one property removed, replaced by a hostile value, or an extra one added. */
export function mutatedBody(valid: unknown, schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const keys = valid && typeof valid === 'object' && !Array.isArray(valid) ? Object.keys(valid) : [];
  const base = valid as Record<string, unknown>;
  const options: fc.Arbitrary<unknown>[] = [hostileValue, fc.jsonValue({ maxDepth: 3 })];
  if (keys.length > 0) {
    options.push(
      fc.constantFrom(...keys).map((key) => {
        const { [key]: _removed, ...rest } = base;
        return rest;
      }),
      fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => ({ ...base, [key]: value })),
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 20 }), hostileValue)
        .map(([key, value]) => ({ ...base, [key]: value })),
    );
  }
  if (schema?.type === 'object') options.push(fc.constant(base));
  return fc.oneof(...options);
}

/** Hostile path or query parameter text. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    '..',
    '%2e%2e',
    'x'.repeat(10_000),
    'a/b',
    '😀',
    '\u0000',
  ),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.uuid(),
);

/** One part of a keyset cursor: dates at and beyond what the database holds, edge numbers, odd text. */
const cursorPartValue: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom(
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '275760-09-13 00:00:00+00',
    '0000-01-01 00:00:00+00',
    '9999-12-31 23:59:59.999999+14:59',
    '2026-02-30 00:00:00+00',
    '99999999999',
    '-2147483649',
    '9223372036854775808',
    '1e999',
    'updatedAt',
    'number',
    'field:title',
    '00000000-0000-0000-0000-000000000000',
    '\u0000',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.uuid(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** Keyset cursors: well-encoded ones holding hostile parts (any arity), and text that is no cursor. */
export const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  fc.array(cursorPartValue, { maxLength: 4 }).map((parts) => encodeCursor(parts)),
  // Shaped like the keysets: [key, id] and [sort, key, id].
  fc.tuple(cursorPartValue, fc.uuid()).map((parts) => encodeCursor(parts)),
  fc.tuple(cursorPartValue, cursorPartValue, fc.uuid()).map((parts) => encodeCursor(parts)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url')),
  hostileParam,
);
