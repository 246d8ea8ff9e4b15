import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../lib/http.ts';
import { initI18n } from '../lib/i18n.ts';
import { NewVersionPrompt } from './new-version-prompt.tsx';

/** The server's answer, naming the build it serves as the server does (x-formwork-build). */
const answerFrom = (build: string | null) =>
  vi.fn(
    async () =>
      new Response('{}', {
        status: 200,
        headers: { 'content-type': 'application/json', ...(build ? { 'x-formwork-build': build } : {}) },
      }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="formwork-build"]')?.remove();
});

describe('a newer deployed build (issue 25.5, spec 8.2)', () => {
  it('asks once to refresh when an API answer names another build than the page was loaded from', async () => {
    const meta = document.createElement('meta');
    meta.name = 'formwork-build';
    meta.content = 'build-1';
    document.head.append(meta);
    const reload = vi.fn();
    await initI18n('en-US');
    // On its own, not in the app's providers (which hold the one that reloads the real page).
    render(
      <MantineProvider>
        <NewVersionPrompt reload={reload} />
      </MantineProvider>,
    );

    // The same build, or an answer naming none (a server without a built web app): nothing to ask.
    for (const build of ['build-1', null]) {
      vi.stubGlobal('fetch', answerFrom(build));
      await act(() => apiRequest('/api/me'));
    }
    expect(screen.queryByRole('dialog')).toBeNull();

    vi.stubGlobal('fetch', answerFrom('build-2'));
    await act(() => apiRequest('/api/me'));
    const dialog = await screen.findByRole('dialog', { name: 'Update available' });
    expect(dialog).toHaveTextContent('A new version is available (press Ok to refresh)');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(reload).toHaveBeenCalledOnce();

    // Cancel keeps working on this page, and the question is not asked again.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => apiRequest('/api/me'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
