import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/**
 * Colours that read (WCAG 2.2 AA, 1.4.3: 4.5:1 for text, issue 27). Mantine's light scheme draws
 * dimmed text in gray 6 (3.3:1 on white), coloured text (`c="red"`) and filled buttons and badges
 * in shade 6 or 8, and light badges in shade 9 on shade 1: for green, teal, lime, yellow and
 * orange, and most coloured text, that is below 4.5:1. Here each colour of the theme gets the
 * first of its shades from 8 on that reaches 4.5:1 against white and its light background, or its
 * darkest shade darkened until it does. lib/readable-colours.css holds the result (loaded with
 * Mantine's styles, off the first screen's byte budget); theme-contrast.test keeps the two equal.
 */

const minimum = 4.5;

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (#rgb or #rrggbb), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** `hex` mixed with black: `amount` 0 keeps it, 1 is black. */
function darken(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((c) =>
      Math.round(c * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The first colour from shade 8 on that reads on every background, else shade 9 darkened until it does. */
export function readableShade(shades: MantineColorsTuple, backgrounds: string[]): string {
  const reads = (colour: string) => backgrounds.every((bg) => contrastRatio(colour, bg) >= minimum);
  for (const shade of [8, 9] as const) if (reads(shades[shade])) return shades[shade];
  let amount = 0;
  let colour = shades[9];
  while (!reads(colour) && amount < 1) {
    amount += 0.05;
    colour = darken(shades[9], amount);
  }
  return colour;
}

/** Dimmed text: about Mantine's gray 6 in tone, 5.8:1 on white and 5.5:1 on gray 0. */
export const dimmedText = '#5f666d';

/** The light scheme's colour variables: dimmed text, links, errors, and each colour's text, light-badge text and fill. */
export const readableColours: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': dimmedText };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray' || !shades) continue;
    const colour = readableShade(shades, [theme.white, shades[0], shades[1]]);
    light[`--mantine-color-${name}-text`] = colour;
    light[`--mantine-color-${name}-light-color`] = colour;
    light[`--mantine-color-${name}-filled`] = colour;
    light[`--mantine-color-${name}-filled-hover`] = darken(colour, 0.12);
    light[`--mantine-color-${name}-outline`] = colour;
  }
  const primary = light[`--mantine-color-${theme.primaryColor}-text`];
  if (primary) light['--mantine-color-anchor'] = primary;
  const error = light['--mantine-color-red-text'];
  if (error) light['--mantine-color-error'] = error;
  return { variables: {}, light, dark: {} };
};
