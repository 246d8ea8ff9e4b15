import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { UsersFolder } from '../users-folder.ts';
import { BulkInviteModal } from './bulk-invite-modal.tsx';

const company = '00000000-0000-4000-8000-000000000001';
const project = '00000000-0000-4000-8000-000000000002';
const team = '00000000-0000-4000-8000-000000000003';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const row = (line: number, email: string, problems: { column: string; code: string; message: string }[] = []) => ({
  line,
  email,
  folderId: team,
  folderName: 'Electrical',
  folderKind: 'team',
  role: 'member',
  userType: 'contributor',
  problems,
});

let posted: Record<string, unknown>[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    posted.push(body);
    const rows = [
      row(1, 'a@acme.example'),
      row(2, 'b@acme.example'),
      row(3, 'nope', [{ column: 'email', code: 'invalidEmail', message: 'x' }]),
    ];
    return json({ rows, valid: 2, invited: body.send ? 2 : 0 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const folder: UsersFolder = {
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
};

describe('Bulk invite (issue 16.2)', () => {
  it('makes chips with comma or Enter, previews every row before sending, then invites the valid ones', async () => {
    const onClose = vi.fn();
    await renderWithProviders(<BulkInviteModal folder={folder} onClose={onClose} />);
    const input = (await screen.findAllByLabelText('Email addresses', {}, { timeout: 5000 }))[0] as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'a@acme.example' } });
    fireEvent.keyDown(input, { key: ',' });
    fireEvent.change(input, { target: { value: 'b@acme.example' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.keyDown(input, { key: ',' });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const preview = within(await screen.findByRole('table', { name: 'Rows to invite' }));
    expect(preview.getByText('Please enter a valid email address in the format name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 rows can be invited. Rows with a problem are not invited.')).toBeInTheDocument();
    expect(posted).toEqual([
      { emails: ['a@acme.example', 'b@acme.example', 'nope'], role: 'member', userType: 'contributor', send: false },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Invite 2 users' }));
    expect(await screen.findByText('Users uploaded and invited successfully!')).toBeInTheDocument();
    expect(posted[1]).toMatchObject({ send: true });
    expect(onClose).toHaveBeenCalled();
  }, 20_000);

  it('takes one CSV file at a time', async () => {
    const { container } = await renderWithProviders(<BulkInviteModal folder={folder} onClose={() => {}} />);
    await screen.findByRole('button', { name: 'Upload CSV' }, { timeout: 5000 });
    const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    const csv = (name: string) => new File(['Email\na@acme.example\n'], name, { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [csv('a.csv'), csv('b.csv')] } });
    expect(await screen.findByText('Unable to import more than one CSV file at a time.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [csv('people.csv')] } });
    expect(await screen.findByText('people.csv')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByRole('table', { name: 'Rows to invite' });
    expect(posted[0]).toEqual({ csv: 'Email\na@acme.example\n', role: 'member', userType: 'contributor', send: false });
  }, 20_000);
});
