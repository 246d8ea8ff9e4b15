import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { UsersFolder } from '../users-folder.ts';
import { UsersPage } from './users-page.tsx';

const company = '00000000-0000-4000-8000-000000000001';
const project = '00000000-0000-4000-8000-000000000002';
const team = '00000000-0000-4000-8000-000000000003';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const people = {
  people: [
    {
      userId: '00000000-0000-4000-8000-0000000000a1',
      name: 'Olga Org',
      email: 'olga@acme.example',
      userType: 'contributor',
      status: 'active',
      level: { kind: 'company', role: 'controller' },
      grantedAt: { folderId: company, kind: 'company', name: 'Acme', path: [company] },
      lastActiveAt: null,
    },
    {
      userId: '00000000-0000-4000-8000-0000000000a2',
      name: 'Vic Visitor',
      email: 'vic@sub.example',
      userType: 'visitor',
      status: 'active',
      level: { kind: 'team', role: 'member' },
      grantedAt: { folderId: team, kind: 'team', name: 'Electrical', path: [company, project, team] },
      lastActiveAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  nextCursor: null,
};
const invitations = {
  invitations: [
    {
      invitationId: '00000000-0000-4000-8000-0000000000b1',
      email: 'new@acme.example',
      folderId: team,
      folderKind: 'team',
      folderName: 'Electrical',
      role: 'member',
      userType: 'contributor',
      status: 'pending',
      delivery: 'failed',
      deliveryError: 'mailbox unavailable',
      invitedBy: 'Olga Org',
      expiresAt: '2026-12-08T10:00:00.000Z',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  ],
};

let posted: unknown;
beforeEach(() => {
  posted = undefined;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.includes('/people')) return json(people);
    if (init?.method === 'POST') {
      posted = JSON.parse(String(init.body));
      return json(
        {
          type: 'about:blank',
          title: 'The request has invalid or incomplete data',
          status: 400,
          code: 'validationFailed',
          errors: [
            { path: 'body.email', message: 'A visitor must use a work e-mail address, not a free e-mail provider.' },
          ],
        },
        400,
      );
    }
    if (url.includes('/invitations')) return json(invitations);
    return json({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const orgController: UsersFolder = {
  kind: 'team',
  folderId: team,
  path: [company, project, team],
  companyId: company,
  name: 'Electrical',
  viewer: {
    isAdmin: false,
    isVisitorOnly: false,
    userType: 'contributor',
    roles: [{ folderId: company, kind: 'company', path: [company], role: 'controller' }],
  },
  visitorsProblem: null,
};

describe('Users page (issue 16.1)', () => {
  it('shows each person with their level, where it was given, type and status, and the pending invites', async () => {
    await renderWithProviders(<UsersPage folder={orgController} />);
    expect(await screen.findByText('Olga Org', {}, { timeout: 5000 })).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Users' }));
    expect(table.getByText('Org Controller')).toBeInTheDocument();
    expect(table.getByText('Given at Acme')).toBeInTheDocument();
    expect(table.getByText('Visitor')).toBeInTheDocument();
    expect(await screen.findByText('new@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Delivery failed')).toBeInTheDocument();
  }, 20_000);

  it("shows the server's reason under the e-mail when an invitation is refused", async () => {
    await renderWithProviders(<UsersPage folder={orgController} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite users' }, { timeout: 5000 }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Email/ }), { target: { value: 'a@gmail.com' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Visitor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(
      await screen.findByText('A visitor must use a work e-mail address, not a free e-mail provider.'),
    ).toBeInTheDocument();
    expect(posted).toEqual({ email: 'a@gmail.com', role: 'member', userType: 'visitor' });
  }, 20_000);

  it('offers no invite to a team member', async () => {
    await renderWithProviders(
      <UsersPage
        folder={{
          ...orgController,
          viewer: {
            ...orgController.viewer,
            roles: [{ folderId: team, kind: 'team', path: [company, project, team], role: 'member' }],
          },
        }}
      />,
    );
    expect(await screen.findByText('Olga Org', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite users' })).not.toBeInTheDocument();
  }, 20_000);
});
