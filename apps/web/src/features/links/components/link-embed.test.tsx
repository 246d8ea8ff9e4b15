import { embedOriginsSchema } from '@formwork/shared/schemas/embeds';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { apiRequest } from '../../../lib/http.ts';
import { LinkEmbed } from './link-embed.tsx';

const teamId = '22222222-2222-4222-8222-222222222222';
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);
let origins: string[] = [];

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (path: string) => {
    if (path === `/api/teams/${teamId}/embed-origins`) return fakeReply(embedOriginsSchema, { origins }, path);
    throw new Error(`unexpected call ${path}`);
  });
});

describe("a link's embed code (issue 22.3)", { timeout: 60_000 }, () => {
  it('gives the <iframe> of the embedded page and names the sites that may show it', async () => {
    origins = ['https://www.acme.example'];
    await renderWithProviders(<LinkEmbed teamId={teamId} name={'Site "A" sign-in'} token={token} onClose={() => {}} />);
    expect(await screen.findByText('https://www.acme.example')).toBeTruthy();
    expect(screen.getByTestId('embed-snippet').textContent).toBe(
      `<iframe src="${window.location.origin}/embed/s/${token}" title="Site &quot;A&quot; sign-in" width="100%" height="900" style="border:0" loading="lazy"></iframe>`,
    );
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
  });

  it('warns that no website may show it while the company lists none', async () => {
    origins = [];
    await renderWithProviders(<LinkEmbed teamId={teamId} name="Gate" token={token} onClose={() => {}} />);
    expect(await screen.findByText('No website may show it yet')).toBeTruthy();
  });
});
