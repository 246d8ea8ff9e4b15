import type { TabStyle } from '@formwork/shared/schemas/tabs';
import { Badge, type BadgeProps, ColorSwatch } from '@mantine/core';
import type { ReactNode } from 'react';
import { tabColours } from './tab-colours.ts';

/**
 * A tab's or a tag's name with its colour as a dot: dark text on white reads at any of the 12
 * colours (a badge in the colour itself fell below 4.5:1 for most of them), and the colour is
 * never the only sign (WCAG 1.4.1, 1.4.3; issue 27).
 */
export function ColourBadge({ colour, children, ...props }: { colour: TabStyle; children: ReactNode } & BadgeProps) {
  return (
    <Badge
      variant="default"
      leftSection={<ColorSwatch color={tabColours[colour]} size={8} withShadow={false} aria-hidden />}
      {...props}
    >
      {children}
    </Badge>
  );
}
