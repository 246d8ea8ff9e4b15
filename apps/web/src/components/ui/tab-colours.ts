import type { TabStyle } from '@formwork/shared/schemas/tabs';

/** The 12 colours of spec 3 as shown on screen: template tabs and photo tags. */
export const tabColours: Record<TabStyle, string> = {
  red: '#e03131',
  orange: '#f76707',
  yellow: '#f0b400',
  lime: '#74b816',
  green: '#2f9e44',
  sky: '#15aabf',
  'dark-blue': '#1d3f91',
  'light-blue': '#4dabf7',
  purple: '#7048e8',
  pink: '#d6336c',
  grey: '#868e96',
  shale: '#495057',
};
