import type { ApiToken } from '@formwork/shared/schemas/api-tokens';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ApiTokensPanel } from './api-tokens-panel.tsx';

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const nightly: ApiToken = {
  tokenId: '00000000-0000-4000-8000-0000000000c1',
  name: 'Nightly export',
  access: 'read',
  hint: 'fwp_AbCd',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2099-12-20T10:00:00.000Z',
  lastUsedAt: '2026-11-24T09:30:00.000Z',
};
const secret = `fwp_${'Z9'.repeat(21)}x`;

let requests: { url: string; method: string; body: unknown }[];
let tokens: ApiToken[];
beforeEach(() => {
  requests = [];
  tokens = [nightly];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ url, method, body });
    if (method === 'POST') {
      const token = {
        ...nightly,
        tokenId: '00000000-0000-4000-8000-0000000000c2',
        name: body.name,
        access: body.access,
        hint: secret.slice(0, 8),
        lastUsedAt: null,
      };
      tokens = [token, ...tokens];
      return json({ token, secret }, 201);
    }
    if (method === 'DELETE') {
      tokens = tokens.filter((t) => !url.endsWith(t.tokenId));
      return json(null, 204);
    }
    return json({ tokens });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function renderPanel() {
  await renderWithProviders(
    <MemoryRouter>
      <ApiTokensPanel />
    </MemoryRouter>,
  );
  return screen.findByRole('table', { name: 'API tokens' });
}

describe('API tokens', () => {
  it('lists each token with its access, hint and last use', async () => {
    const table = await renderPanel();
    const row = within(table).getByText('Nightly export').closest('tr') as HTMLElement;
    expect(within(row).getByText('Read only')).toBeInTheDocument();
    expect(within(row).getByText('fwp_AbCd…')).toBeInTheDocument();
    expect(within(row).queryByText('Never used')).toBeNull();
  });

  it('makes a token and shows its secret once: after Done it is nowhere on the page', async () => {
    await renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Token name is required')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: '  Power BI  ' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Read and write/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Power BI',
      access: 'readWrite',
      expiresInDays: 30,
    });
    expect(within(shown).getByText(secret)).toBeInTheDocument();
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(secret)).toBeNull();
    const table = await screen.findByRole('table', { name: 'API tokens' });
    expect(await within(table).findByText('Power BI')).toBeInTheDocument();
    expect(within(table).getByText('Never used')).toBeInTheDocument();
  });

  it('revokes a token after a confirmation', async () => {
    const table = await renderPanel();
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke Nightly export' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API token' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'DELETE')?.url).toBe(`/api/me/api-tokens/${nightly.tokenId}`),
    );
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();
  });
});
