import { describe, expect, it } from 'vitest';
import { numberFieldSchema } from '../fields/computed-fields.ts';
import { templateDefinitionSchema } from '../templates/template-definition.ts';
import { decimalPlaces, decimalsMessage } from './field-values.ts';
import { validateFormValues } from './validate-form-values.ts';

const definition = templateDefinitionSchema.parse({
  fields: [
    { id: 'free', type: 'number', label: 'Temperature', unit: '°C' },
    { id: 'tenths', type: 'number', label: 'Hours lost', decimals: 1 },
    { id: 'whole', type: 'number', label: 'Workers', decimals: 0 },
  ],
});

const check = (values: Record<string, unknown>) => validateFormValues(definition, values, { requireComplete: false });

describe('number precision (issue 14.2)', () => {
  it('a number field without a precision sets none: no default of 0 decimals', () => {
    expect(numberFieldSchema.parse({ id: 'n', type: 'number' }).decimals).toBeUndefined();
  });

  it('keeps what was typed when the template sets no precision', () => {
    const result = check({ free: 21.5, tenths: 9.2 });
    expect(result.errors).toEqual([]);
    expect(result.values).toMatchObject({ free: 21.5, tenths: 9.2 });
    expect(check({ free: 12.3456789 }).values.free).toBe(12.3456789);
  });

  it('refuses more decimals than the precision allows, with a field message, and never rounds', () => {
    const result = check({ tenths: 9.25, whole: 21.5 });
    expect(result.errors).toEqual([
      expect.objectContaining({ fieldId: 'tenths', message: 'Enter a number with at most 1 decimal place' }),
      expect.objectContaining({ fieldId: 'whole', message: 'Enter a whole number' }),
    ]);
    expect(check({ tenths: 9.2, whole: 21 }).errors).toEqual([]);
  });

  it('counts decimals as written, exponents included', () => {
    expect(decimalPlaces(9)).toBe(0);
    expect(decimalPlaces(9.2)).toBe(1);
    expect(decimalPlaces(-0.25)).toBe(2);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(1.5e-7)).toBe(8);
    expect(decimalPlaces(2e21)).toBe(0);
    expect(decimalsMessage(2)).toBe('Enter a number with at most 2 decimal places');
  });
});
