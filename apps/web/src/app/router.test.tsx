import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { routes } from './router.tsx';

describe('route table (spec 2.1)', () => {
  it('sends an unknown path to the 404 page', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/no/such/page'] });
    await renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('has a 403 page', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/403'] });
    await renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
  });
});
