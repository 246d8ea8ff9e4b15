import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { legacyRedirects } from './legacy-redirects.tsx';

async function landsOn(from: string) {
  const router = createMemoryRouter([...legacyRedirects, { path: '*', element: null }], { initialEntries: [from] });
  render(<RouterProvider router={router} />);
  await Promise.resolve();
  return `${router.state.location.pathname}${router.state.location.search}`;
}

describe('legacy paths (spec 2.2)', () => {
  it.each([
    ['/teams/t1', '/home/teams/t1/activity'],
    ['/projects/p1', '/home/projects/p1/activity'],
    ['/companies/c1?fromEmail=1', '/home/companies/c1/activity?fromEmail=1'],
    ['/teams/t1/apps', '/apps/teams/t1/active/grid'],
    ['/companies/c1/apps', '/apps/companies/c1/active/grid'],
    ['/teams/t1/apps/grid/a1', '/apps/teams/t1/grid/a1'],
    ['/companies/c1/apps/register/a1', '/apps/companies/c1/register/a1'],
    ['/teams/t1/analytics', '/analytics/teams/t1/dashboards/grid'],
    [
      '/companies/c1/analytics/dashboards/d1/charts/register/k1',
      '/analytics/companies/c1/dashboards/d1/charts/register/k1',
    ],
    ['/teams/t1/analytics/dashboards/d1/charts/grid', '/analytics/teams/t1/dashboards/d1/charts/grid'],
    ['/companies/c1/lists', '/lists/companies/c1/active'],
    ['/projects/p1/lists/l1', '/lists/projects/p1/l1'],
    ['/teams/t1/photos', '/photos/teams/t1'],
    ['/secure/home/teams/t1/activity', '/home/teams/t1/activity'],
    ['/secure/apps/a1/forms/workflow/f1', '/apps/a1/forms/workflow/f1'],
  ])('%s goes to %s', async (from, to) => {
    expect(await landsOn(from)).toBe(to);
  });
});
