import { describe, expect, it } from 'vitest';
import { hiddenFieldIds, type LogicBlock, logicBlockSchema } from './logic.ts';

const block = (extra: Partial<LogicBlock>): LogicBlock =>
  logicBlockSchema.parse({
    id: 'b',
    triggerFieldId: 'q',
    conditions: [{ operator: 'equals', value: 'yes' }],
    ...extra,
  });

describe('hiddenFieldIds (conditional show/hide)', () => {
  it.each<[string, LogicBlock, unknown, boolean]>([
    ['show: hidden while unanswered', block({ fieldIds: ['x'] }), undefined, true],
    ['show: shown when the answer matches', block({ fieldIds: ['x'] }), 'yes', false],
    ['show: hidden when it does not', block({ fieldIds: ['x'] }), 'no', true],
    ['hide: hidden when the answer matches', block({ fieldIds: ['x'], effect: 'hide' }), 'yes', true],
    [
      'all: every condition must match',
      block({
        fieldIds: ['x'],
        match: 'all',
        conditions: [
          { operator: 'greaterThan', value: 3 },
          { operator: 'lessThan', value: 10 },
        ],
      }),
      12,
      true,
    ],
    [
      'any: one condition is enough',
      block({
        fieldIds: ['x'],
        conditions: [
          { operator: 'equals', value: 'o1' },
          { operator: 'equals', value: 'o2' },
        ],
      }),
      ['o2', 'o3'],
      false,
    ],
    ['isNotEmpty', block({ fieldIds: ['x'], conditions: [{ operator: 'isNotEmpty', value: null }] }), 'text', false],
  ])('%s', (_rule, b, answer, hidden) => {
    expect(hiddenFieldIds([b], { q: answer as string }).has('x')).toBe(hidden);
  });
});
