import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import { textsFor, textsIn } from './texts.ts';

type Bundle = { [key: string]: string | Bundle };

function flatten(bundle: Bundle, prefix = '', out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(bundle)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the server speaks Spanish (issue 26)', () => {
  it('writes the invitation e-mail in Spanish', () => {
    const { locale, t } = textsIn('es');
    const words = { inviter: 'Ana Ruiz', workspace: 'Obras Sur', userType: t('mail.invitation.userType.visitor') };
    expect(locale).toBe('es');
    expect(t('mail.invitation.subject', words)).toBe('Ana Ruiz te ha invitado a Obras Sur en Formwork');
    expect(t('mail.invitation.body', { ...words, link: 'https://x.example/a', days: 7 })).toContain(
      'como Visitante.\n\nActiva tu cuenta: https://x.example/a',
    );
  });

  it('shows the sign-in page in Spanish for a Spanish browser, with Spanish plurals', () => {
    const { t } = textsFor('es-MX,es;q=0.9,en;q=0.5');
    expect(t('signIn.signInTitle')).toBe('Inicia sesión en Formwork');
    expect(t('signIn.waitMinutes', { count: 1 })).toBe('1 minuto');
    expect(t('signIn.waitMinutes', { count: 15 })).toBe('15 minutos');
    // Intl's 'many' form of es (a million) has no text of its own: _other.
    expect(t('signIn.waitSeconds', { count: 1_000_000 })).toBe('1000000 segundos');
  });

  it('has every en-US text, with the same variables and no other key', () => {
    const english = flatten(enUS);
    const spanish = flatten(es);
    expect([...spanish.keys()]).toEqual([...english.keys()]);
    for (const [key, text] of english) expect([key, variables(spanish.get(key) ?? '')]).toEqual([key, variables(text)]);
  });
});
