import { ssoConnectionSchema, ssoMappingsSchema } from '@formwork/shared/schemas/sso';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { apiRequest } from '../../../lib/http.ts';
import { GroupMappingsSection, SsoConnectionSection } from './sso-connection.tsx';

const workspaceId = '11111111-1111-4111-8111-111111111111';
const teamId = '33333333-3333-4333-8333-333333333333';
const base = `/api/workspaces/${workspaceId}/sso`;
const redirectUri = 'http://localhost:3000/idp/sso/callback';

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);
let signedIn: string | null = null;

beforeEach(() => {
  signedIn = null;
  request.mockReset();
  request.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === base && !options?.method)
      return fakeReply(
        ssoConnectionSchema,
        {
          connected: false,
          issuer: null,
          clientId: null,
          groupsClaim: null,
          testedByEmail: null,
          updatedAt: null,
          redirectUri,
        },
        path,
      );
    if (path === `${base}/tests`) return { testId: 'test-1', authorizationUrl: 'https://idp.example/auth?x=1' };
    if (path === `${base}/tests/test-1`)
      return { issuer: 'https://idp.example', clientId: 'fw', signedInEmail: signedIn };
    if (path === base && options?.method === 'PUT')
      return fakeReply(
        ssoConnectionSchema,
        {
          connected: true,
          issuer: 'https://idp.example',
          clientId: 'fw',
          groupsClaim: 'groups',
          testedByEmail: 'it@acme.example',
          updatedAt: '2026-11-24T10:00:00.000Z',
          redirectUri,
        },
        path,
      );
    if (path === `${base}/group-mappings`)
      return fakeReply(ssoMappingsSchema, (options?.body as never) ?? { mappings: [] }, path);
    throw new Error(`unexpected call ${path}`);
  });
});

describe('Security > Single sign-on (issue 23.3)', { timeout: 60_000 }, () => {
  it('tests the settings by a real sign-in in a new tab and saves them only once someone signed in', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderWithProviders(<SsoConnectionSection workspaceId={workspaceId} />);
    expect(await screen.findByText(redirectUri)).toBeTruthy();
    expect(screen.getByText('Not connected: everyone signs in with their password.')).toBeTruthy();
    await user.type(screen.getByLabelText('Issuer URL'), 'https://idp.example');
    await user.type(screen.getByLabelText('Client ID'), 'fw');
    await user.type(screen.getByLabelText('Client secret'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Test sign-in' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://idp.example/auth?x=1', '_blank', 'noopener'));
    expect(request).toHaveBeenCalledWith(`${base}/tests`, {
      method: 'POST',
      body: { issuer: 'https://idp.example', clientId: 'fw', clientSecret: 's3cret' },
    });
    expect(await screen.findByText('Sign in at your provider in the new tab. Waiting for the sign-in...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save connection' }).hasAttribute('disabled')).toBe(true);
    signedIn = 'it@acme.example';
    expect(
      await screen.findByText(
        'The sign-in worked (it@acme.example). You can save the connection.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith(base, { method: 'PUT', body: { testId: 'test-1' } }));
  });

  it('maps a group to a folder and level', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <GroupMappingsSection workspaceId={workspaceId} folders={[{ value: teamId, label: 'Bridge / Site Safety' }]} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Add group' }));
    await user.type(screen.getByLabelText('Group'), 'site-leads');
    await user.click(screen.getAllByLabelText('Folder')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Bridge / Site Safety', hidden: true }));
    await user.click(screen.getAllByLabelText('Level')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Controller', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    await vi.waitFor(() =>
      expect(request).toHaveBeenCalledWith(`${base}/group-mappings`, {
        method: 'PUT',
        body: { mappings: [{ group: 'site-leads', folderId: teamId, role: 'controller' }] },
      }),
    );
  });
});
