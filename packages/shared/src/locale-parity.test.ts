import { describe, expect, it } from 'vitest';
import { localeProblems } from './locale-parity.ts';

const english = {
  save: 'Save',
  greet: 'Hello {{name}}, see <b>{{place}}</b>',
  forms: { count_one: '{{count}} form', count_other: '{{count}} forms' },
};

describe('locale parity (issue 26)', () => {
  it('passes a complete translation, with the plural forms of its language', () => {
    const spanish = {
      save: 'Guardar',
      greet: 'Hola {{name}}, mira <b>{{place}}</b>',
      forms: {
        count_one: 'un formulario',
        count_many: '{{count}} de formularios',
        count_other: '{{count}} formularios',
      },
    };
    expect(localeProblems(english, spanish, 'es')).toEqual([]);
  });

  it('names missing keys, keys en-US lacks and differing variables or tags', () => {
    const wrong = { greet: 'Hello {{nombre}}, see {{place}}', extra: 'Extra', forms: english.forms };
    expect(localeProblems(english, wrong, 'en-GB')).toEqual([
      'missing: save',
      'variables differ: greet has {{nombre}} {{place}}, en-US </b> <b> {{name}} {{place}}',
      'not in en-US: extra',
    ]);
  });

  it('names plural forms missing, forms the language does not have and plural texts that are not plural', () => {
    const wrong = {
      save: { x: 'y' },
      greet: english.greet,
      forms: { count_one: '1 form', count_few: '{{count}} forms' },
    };
    expect(localeProblems({ ...english, save: { x_one: 'a', x_other: 'b' } }, wrong, 'en-AU')).toEqual([
      'plural in one locale only: save.x',
      'missing plural form: forms.count_other',
      'plural form en-AU does not have: forms.count_few',
    ]);
  });
});
