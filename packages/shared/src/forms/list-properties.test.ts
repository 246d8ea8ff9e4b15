import { describe, expect, it } from 'vitest';
import { templateDefinitionSchema } from '../templates/template-definition.ts';
import { validateFormValues } from './validate-form-values.ts';

const listId = '11111111-1111-4111-8111-111111111111';
const idProp = '22222222-2222-4222-8222-222222222222';
const hoursProp = '33333333-3333-4333-8333-333333333333';
const definition = templateDefinitionSchema.parse({
  fields: [
    { id: 'plant', type: 'list', label: 'Plant', listId },
    { id: 'plantId', type: 'listProperty', label: 'Plant ID', sourceFieldId: 'plant', property: idProp },
    { id: 'hours', type: 'listProperty', label: 'Hours', sourceFieldId: 'plant', property: hoursProp },
    { id: 'double', type: 'formula', label: 'Double', expression: '{hours} * 2', decimals: 0 },
  ],
});
const item = (label: string, id: string, hours: string) => ({
  itemId: crypto.randomUUID(),
  label,
  colour: null,
  properties: [
    { id: idProp, name: 'Plant ID', type: 'text', value: id },
    { id: hoursProp, name: 'Hours', type: 'number', value: hours },
  ],
});

describe('list-property fields read the picked item (issue 18.5)', () => {
  it("fill in from the item's snapshot; a number property is a number formulas use", () => {
    const { values, errors } = validateFormValues(
      definition,
      { plant: [item('Crane', 'C-1', '120')] },
      { requireComplete: false },
    );
    expect(errors).toEqual([]);
    expect(values).toMatchObject({ plantId: 'C-1', hours: 120, double: 240 });
  });

  it('are empty without a picked item, and ignore a value sent for them', () => {
    const { values } = validateFormValues(definition, { plantId: 'typed' }, { requireComplete: false });
    expect(values.plantId).toBeUndefined();
  });

  it('refuses a list value that is not an item snapshot', () => {
    const { errors } = validateFormValues(definition, { plant: ['Crane'] }, { requireComplete: false });
    expect(errors[0]).toMatchObject({ fieldId: 'plant', code: 'invalid' });
  });
});
