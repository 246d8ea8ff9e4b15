import type { LibraryCategory } from '@formwork/shared/schemas/library';

/** Each shelf's badge colour (Mantine palette names). */
export const categoryColours: Record<LibraryCategory, string> = {
  safety: 'red',
  permits: 'orange',
  plant: 'yellow',
  quality: 'blue',
  site: 'teal',
  environment: 'green',
};
