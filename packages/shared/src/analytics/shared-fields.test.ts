import { describe, expect, it } from 'vitest';
import { matchingField, sharedFields } from './shared-fields.ts';

const diary = [
  { id: 'date', label: 'Date', type: 'date' },
  { id: 'weather', label: 'Weather', type: 'dropdown' },
  { id: 'hours', label: 'Hours lost', type: 'number' },
];
const talk = [
  { id: 'talk-date', label: ' date ', type: 'date' },
  { id: 'weather', label: 'Weather', type: 'singleLineText' },
];

describe('fields several templates share', () => {
  it('matches by name and type, not by id or letter case', () => {
    expect(matchingField(talk, diary[0] as (typeof diary)[number])?.id).toBe('talk-date');
    expect(matchingField(talk, diary[1] as (typeof diary)[number])).toBeUndefined();
  });

  it("keeps the first template's fields that every other template has", () => {
    expect(sharedFields([diary, talk]).map((f) => f.id)).toEqual(['date']);
    expect(sharedFields([diary]).map((f) => f.id)).toEqual(['date', 'weather', 'hours']);
    expect(sharedFields([])).toEqual([]);
  });
});
