import { readFileSync } from 'node:fs';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableColours } from './theme-contrast.ts';

/** The variables lib/readable-colours.css sets (loaded with Mantine's styles on every page). */
function cssVariables(): Map<string, string> {
  const css = readFileSync(`${__dirname}/readable-colours.css`, 'utf8');
  return new Map(
    [...css.matchAll(/(--mantine-[a-z0-9-]+):\s*(#[0-9a-f]{3,6});/gi)].map((m) => [m[1], m[2]] as [string, string]),
  );
}

describe('the theme reads at 4.5:1 (WCAG 2.2 AA 1.4.3, issue 27)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('readable-colours.css is what theme-contrast computes for the theme', () => {
    const { light } = readableColours(DEFAULT_THEME as Parameters<typeof readableColours>[0]);
    expect(Object.fromEntries(cssVariables())).toEqual(light);
  });

  it('dimmed text, links and errors read on white and on the light grey of panels', () => {
    const variables = cssVariables();
    for (const name of ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-error']) {
      const colour = variables.get(name);
      expect(colour, name).toBeDefined();
      for (const background of ['#ffffff', DEFAULT_THEME.colors.gray[0]]) {
        expect(contrastRatio(colour as string, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("every colour's text, light badge text and filled background read", () => {
    const variables = cssVariables();
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
