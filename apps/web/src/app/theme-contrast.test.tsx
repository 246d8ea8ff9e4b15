import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { contrastRatio } from './theme-contrast.ts';

/** The colour variables the app's providers put on the page (Mantine's injected style). */
async function pageVariables(): Promise<Map<string, string>> {
  await renderWithProviders(<p>Formwork</p>);
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  const variables = new Map<string, string>();
  for (const match of css.matchAll(/(--mantine-[a-z0-9-]+):\s*(#[0-9a-f]{3,6})\b/gi)) {
    variables.set(match[1] as string, match[2] as string);
  }
  return variables;
}

describe('the theme reads at 4.5:1 (WCAG 2.2 AA 1.4.3, issue 27)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('dimmed text, links and errors read on white and on the light grey of panels', async () => {
    const variables = await pageVariables();
    for (const name of ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-error']) {
      const colour = variables.get(name);
      expect(colour, name).toBeDefined();
      for (const background of ['#ffffff', DEFAULT_THEME.colors.gray[0]]) {
        expect(contrastRatio(colour as string, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("every colour's text, light badge text and filled background read", async () => {
    const variables = await pageVariables();
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      if (name === 'dark' || name === 'gray') continue;
      const text = variables.get(`--mantine-color-${name}-text`);
      const badge = variables.get(`--mantine-color-${name}-light-color`);
      const filled = variables.get(`--mantine-color-${name}-filled`);
      expect([text, badge, filled], name).not.toContain(undefined);
      expect(contrastRatio(text as string, '#ffffff'), `${name} text`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(badge as string, shades[1]), `${name} light badge`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', filled as string), `${name} filled`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
