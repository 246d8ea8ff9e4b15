import { describe, expect, it } from 'vitest';
import { type Field, fieldSchema } from '../fields/field.ts';
import { mayNameUsersOrForms, valueReferences } from './value-references.ts';

const alice = '8675bed0-1111-4c1d-9f3e-2b4f5a6b7c8d';
const bob = '8675bed0-2222-4c1d-9f3e-2b4f5a6b7c8d';
const related = '9a3c1f7e-8a53-4c1d-9f3e-2b4f5a6b7c8d';
const fileId = '6a3c1f7e-8a53-4c1d-9f3e-2b4f5a6b7c8d';

const field = (input: Record<string, unknown>): Field => fieldSchema.parse(input);

// A field of every kind with a value that names what it can: people, forms, files or nothing.
const fields = [
  field({ id: 'title', type: 'singleLineText' }),
  field({ id: 'count', type: 'number' }),
  field({ id: 'day', type: 'date' }),
  field({ id: 'ok', type: 'yesNo' }),
  field({ id: 'boss', type: 'singlePerson' }),
  field({ id: 'crew', type: 'person' }),
  field({ id: 'links', type: 'relationship' }),
  field({ id: 'pics', type: 'photos' }),
  field({ id: 'sign', type: 'signature' }),
  field({
    id: 'items',
    type: 'defaultTable',
    columns: [
      { id: 'who', width: 'M', cellType: 'person' },
      { id: 'signed', width: 'M', cellType: 'signature' },
    ],
  }),
];
const values = {
  title: 'Check',
  count: 3,
  day: '2026-11-24',
  ok: { answer: 'yes' },
  boss: alice,
  crew: [alice, bob],
  links: [related],
  pics: [{ fileId }],
  sign: { fileId },
  items: { rows: [{ id: 'r1', cells: { who: bob, signed: { fileId } } }] },
};

describe('mayNameUsersOrForms', () => {
  it('keeps every field whose value names a person or a form, and only those', () => {
    const all = valueReferences(fields, values);
    const naming = fields.filter(mayNameUsersOrForms);
    expect(naming.map((f) => f.id)).toEqual(['boss', 'crew', 'links', 'items']);
    const some = valueReferences(naming, values);
    expect(some.users).toEqual(all.users);
    expect(some.forms).toEqual(all.forms);
    expect(all.users.map((u) => u.id)).toEqual([alice, alice, bob, bob]);
    expect(all.forms.map((f) => f.id)).toEqual([related]);
  });
});
