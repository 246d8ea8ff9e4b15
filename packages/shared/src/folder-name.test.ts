import { describe, expect, it } from 'vitest';
import { folderNameProblem } from './folder-name.ts';
import { folderNameSchema } from './schemas/folders.ts';

describe('folder name rule (spec 5.4)', () => {
  it.each([
    'Bridge deck',
    '  Deck 2 ',
    'Ä',
    '7',
    '  x',
    'a'.repeat(100),
    ` ${'a'.repeat(100)} `,
    '',
    '   ',
    '---',
    '!?',
    'a'.repeat(101),
    '!'.repeat(101),
  ])('the plain check agrees with the API schema for %j', (name) => {
    const parsed = folderNameSchema.safeParse(name);
    const expected = parsed.success
      ? null
      : parsed.error.issues.some((issue) => issue.code === 'too_big')
        ? 'tooLong'
        : 'rule';
    expect(folderNameProblem(name)).toBe(expected);
  });
});
