import { describe, expect, it } from 'vitest';
import { filterWorkspaces } from './workspace-filter.ts';

const list = [{ name: 'Acme Construction' }, { name: 'Harbour Civil' }, { name: 'ACME Rail' }];

describe('local workspace search (spec 5.4)', () => {
  it('filters case-insensitively by name from 2 characters, trimmed', () => {
    expect(filterWorkspaces(list, ' acme ').map((w) => w.name)).toEqual(['Acme Construction', 'ACME Rail']);
    expect(filterWorkspaces(list, 'CIVIL').map((w) => w.name)).toEqual(['Harbour Civil']);
    expect(filterWorkspaces(list, 'zz')).toEqual([]);
  });

  it('shows everything below 2 characters', () => {
    expect(filterWorkspaces(list, ' a ')).toHaveLength(3);
  });
});
