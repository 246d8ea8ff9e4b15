import type { LibraryCategory, LibraryTemplateSummary } from '@formwork/shared/schemas/library';

/** The shelf the browser shows: every category, or one. */
export type Shelf = LibraryCategory | 'all';

/**
 * The free templates on a shelf whose name, description or Template ID hold every word searched
 * (case-insensitive), in catalogue order.
 */
export function filterCatalogue(
  templates: readonly LibraryTemplateSummary[],
  shelf: Shelf,
  search: string,
): LibraryTemplateSummary[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return templates.filter((template) => {
    if (shelf !== 'all' && template.category !== shelf) return false;
    const text = `${template.name} ${template.description} ${template.templateCode}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
