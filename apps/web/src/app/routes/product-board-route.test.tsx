import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { currentWorkspaceStorageKey } from '../../features/workspaces/hooks/current-workspace.ts';
import { helpLinks } from '../shell/help-menu.tsx';
import { ProductBoardRoute } from './product-board-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('redirect/product-board (spec 2.1, issue 25.3)', () => {
  it('records the click in the workspace last worked in, then goes to the roadmap', async () => {
    const workspaceId = '00000000-0000-4000-8000-0000000000aa';
    localStorage.setItem(currentWorkspaceStorageKey, workspaceId);
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const go = vi.fn();
    await renderWithProviders(<ProductBoardRoute go={go} />);
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    await waitFor(() => expect(go).toHaveBeenCalledWith(helpLinks.webRoadmap));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual([
      '/api/me/events',
      'POST',
      { name: 'productBoardClicked', workspaceId },
    ]);
  });

  it('still goes to the roadmap when the click cannot be recorded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const go = vi.fn();
    await renderWithProviders(<ProductBoardRoute go={go} />);
    await waitFor(() => expect(go).toHaveBeenCalledWith(helpLinks.webRoadmap));
  });
});
