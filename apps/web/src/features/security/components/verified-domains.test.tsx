import { verifiedDomainListSchema, verifiedDomainSchema } from '@formwork/shared/schemas/domains';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { apiRequest, HttpError } from '../../../lib/http.ts';
import { VerifiedDomains } from './verified-domains.tsx';

const workspaceId = '11111111-1111-4111-8111-111111111111';
const base = `/api/workspaces/${workspaceId}/domains`;

const pending = {
  domain: 'acme-builders.com',
  verifiedAt: null,
  method: null,
  txtRecord: { name: 'acme-builders.com', value: 'formwork-verification=abc123abc123abc123abc1' },
  emailSentTo: null,
};
const proven = {
  domain: 'acme.example',
  verifiedAt: '2026-11-24T09:00:00.000Z',
  method: 'dns' as const,
  txtRecord: { name: 'acme.example', value: 'formwork-verification=zzz' },
  emailSentTo: null,
};

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === base && !options?.method)
      return fakeReply(verifiedDomainListSchema, { domains: [proven, pending] }, path);
    if (path === base && options?.method === 'POST') return fakeReply(verifiedDomainSchema, pending, path);
    if (path === `${base}/acme-builders.com/dns-check`)
      throw new HttpError(400, {
        type: 'about:blank',
        status: 400,
        code: 'domainNotProven',
        title: "We couldn't find the TXT record at this domain yet. DNS changes can take a while; try again later.",
      } as never);
    if (path === `${base}/acme-builders.com/email-link`)
      throw new HttpError(400, {
        type: 'about:blank',
        status: 400,
        code: 'validationFailed',
        title: 'The request has invalid or incomplete data',
        errors: [{ path: 'body.email', message: 'The address must be at this domain.' }],
      } as never);
    throw new Error(`unexpected call ${path}`);
  });
});

describe('Security > Verified domains (issue 23.2)', { timeout: 60_000 }, () => {
  it('shows proven domains with their proof, and a waiting one with its TXT record to publish', async () => {
    await renderWithProviders(<VerifiedDomains workspaceId={workspaceId} />);
    const done = (await screen.findByText('acme.example')).closest('[data-domain]') as HTMLElement;
    expect(within(done).getByText('Verified by DNS')).toBeTruthy();
    expect(within(done).queryByText('Check DNS record')).toBeNull();
    const waiting = screen.getByText('acme-builders.com').closest('[data-domain]') as HTMLElement;
    expect(within(waiting).getByText('Waiting for proof')).toBeTruthy();
    expect(within(waiting).getByText(pending.txtRecord.value)).toBeTruthy();
  });

  it('checks a domain before adding it (the shared rule’s message) and adds a good one', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<VerifiedDomains workspaceId={workspaceId} />);
    await screen.findByText('acme.example');
    const input = screen.getByLabelText('Domain');
    await user.type(input, 'gmail.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('A free e-mail provider cannot be a verified domain.')).toBeTruthy();
    expect(request).not.toHaveBeenCalledWith(base, expect.objectContaining({ method: 'POST' }));
    await user.clear(input);
    await user.type(input, ' Acme-Builders.COM{enter}');
    await vi.waitFor(() =>
      expect(request).toHaveBeenCalledWith(base, { method: 'POST', body: { domain: 'acme-builders.com' } }),
    );
  });

  it('says why a DNS check or a link failed', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<VerifiedDomains workspaceId={workspaceId} />);
    const waiting = (await screen.findByText('acme-builders.com')).closest('[data-domain]') as HTMLElement;
    await user.click(within(waiting).getByRole('button', { name: 'Check DNS record' }));
    expect((await within(waiting).findByRole('alert')).textContent).toBe(
      "We couldn't find the TXT record at this domain yet. DNS changes can take a while; try again later.",
    );
    await user.type(within(waiting).getByLabelText('E-mail address at the domain'), 'it@elsewhere.example');
    await user.click(within(waiting).getByRole('button', { name: 'Send link' }));
    await vi.waitFor(() =>
      expect(within(waiting).getByRole('alert').textContent).toBe('The address must be at this domain.'),
    );
  });
});
