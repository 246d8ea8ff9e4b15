import { embedOriginsSchema } from '@formwork/shared/schemas/embeds';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { apiRequest, HttpError } from '../../../lib/http.ts';
import { EmbedOrigins } from './embed-origins.tsx';

const workspaceId = '11111111-1111-4111-8111-111111111111';
const base = `/api/workspaces/${workspaceId}/embed-origins`;

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === base && !options?.method)
      return fakeReply(embedOriginsSchema, { origins: ['https://www.acme.example'] }, path);
    if (path === base && options?.method === 'PUT') {
      const { origins } = options.body as { origins: string[] };
      if (origins.includes('https://refused.example'))
        throw new HttpError(400, {
          type: 'about:blank',
          status: 400,
          code: 'validationFailed',
          title: 'The request has invalid or incomplete data',
          errors: [{ path: 'body.origins', message: 'List at most 20 sites.' }],
        } as never);
      return fakeReply(embedOriginsSchema, { origins: [...origins].sort() }, path);
    }
    throw new Error(`unexpected call ${path}`);
  });
});

describe('Security > Allowed embed origins (issue 22.3)', { timeout: 60_000 }, () => {
  it('lists the sites; checks an address before sending it; adds a good one as its origin', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<EmbedOrigins workspaceId={workspaceId} />);
    expect(await screen.findByText('https://www.acme.example')).toBeTruthy();
    const input = screen.getByLabelText('Website address');
    await user.type(input, 'http://partner.example');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    expect(await screen.findByText('Use an https:// address (http:// is allowed only for localhost).')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'https://partner.example/forms');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    expect(
      await screen.findByText('Enter a site address such as https://www.example.com (scheme, host and port only).'),
    ).toBeTruthy();
    expect(request).not.toHaveBeenCalledWith(base, expect.objectContaining({ method: 'PUT' }));
    await user.clear(input);
    await user.type(input, 'https://Partner.example/{enter}');
    await vi.waitFor(() =>
      expect(request).toHaveBeenCalledWith(base, {
        method: 'PUT',
        body: { origins: ['https://www.acme.example', 'https://partner.example'] },
      }),
    );
    expect(await screen.findByText('https://partner.example')).toBeTruthy();
  });

  it("shows the server's field error at the input, and removes a site", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<EmbedOrigins workspaceId={workspaceId} />);
    await screen.findByText('https://www.acme.example');
    await user.type(screen.getByLabelText('Website address'), 'https://refused.example{enter}');
    expect(await screen.findByText('List at most 20 sites.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove https://www.acme.example' }));
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith(base, { method: 'PUT', body: { origins: [] } }));
    expect(await screen.findByText('No site may embed your links yet.')).toBeTruthy();
  });
});
