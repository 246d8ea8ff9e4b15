import type { LibraryTemplateSummary } from '@formwork/shared/schemas/library';
import { describe, expect, it } from 'vitest';
import { filterCatalogue } from './catalogue-filter.ts';

const card = (
  libraryTemplateId: string,
  category: LibraryTemplateSummary['category'],
  name: string,
  description = '',
) =>
  ({
    libraryTemplateId,
    category,
    name,
    description,
    templateCode: libraryTemplateId.toUpperCase(),
    formName: name,
    type: 'timeline',
    fieldCount: 10,
  }) satisfies LibraryTemplateSummary;

const templates = [
  card('hot-work', 'permits', 'Hot Work Permit', 'Welding and grinding'),
  card('swms', 'safety', 'Safe Work Method Statement', 'High-risk work'),
  card('pour', 'quality', 'Concrete Pour Record', 'Truck dockets and slump'),
];

describe('filterCatalogue', () => {
  it('keeps a shelf, or every shelf', () => {
    expect(filterCatalogue(templates, 'permits', '').map((t) => t.libraryTemplateId)).toEqual(['hot-work']);
    expect(filterCatalogue(templates, 'all', '')).toHaveLength(3);
  });

  it('finds every word searched in the name, description or Template ID, whatever the case', () => {
    expect(filterCatalogue(templates, 'all', 'WORK').map((t) => t.libraryTemplateId)).toEqual(['hot-work', 'swms']);
    expect(filterCatalogue(templates, 'all', 'truck slump').map((t) => t.libraryTemplateId)).toEqual(['pour']);
    expect(filterCatalogue(templates, 'all', 'swms')).toHaveLength(1);
    expect(filterCatalogue(templates, 'safety', 'welding')).toEqual([]);
  });
});
