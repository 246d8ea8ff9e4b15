import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { UsersFolder } from '../users-folder.ts';
import { BulkInviteModal } from './bulk-invite-modal.tsx';
import { InviteModal } from './invite-modal.tsx';

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

const batchId = '00000000-0000-4000-8000-0000000000b1';
const batch = (state: string, processed: number, invited: number, skipped: unknown[] = []) => ({
  batchId,
  state,
  total: 2,
  processed,
  invited,
  skipped,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: state === 'done' ? '2026-11-24T10:00:01.000Z' : null,
});

let posted: Record<string, unknown>[];
/** The answers to the sends in turn (then 202 with the queued batch), and to the batch's polls in turn. */
let sends: Response[];
let polls: unknown[];
beforeEach(() => {
  posted = [];
  sends = [];
  polls = [
    batch('running', 1, 1),
    batch('done', 2, 1, [
      {
        email: 'b@acme.example',
        code: 'alreadyInvited',
        message: 'This person already has a pending invitation to this workspace.',
      },
    ]),
  ];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (String(url).includes('/invitations/batches/')) return json(polls.length > 1 ? polls.shift() : polls[0]);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    posted.push(body);
    if (body.send) return sends.shift() ?? json({ ...batch('queued', 0, 0), batchId: body.batchId }, 202);
    const rows = [
      row(1, 'a@acme.example'),
      row(2, 'b@acme.example'),
      row(3, 'nope', [{ column: 'email', code: 'invalidEmail', message: 'x' }]),
    ];
    return json({ rows, valid: 2, invited: 0 });
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
  visitorsProblem: null,
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
    // A failed send keeps the batch's id: sent again, the server answers the same batch.
    sends = [json({ type: 'about:blank', title: 'Gateway', status: 502 }, 502)];
    fireEvent.click(screen.getByRole('button', { name: 'Invite 2 users' }));
    expect(await screen.findByText('Failed to bulk invite to users. Please try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Invite 2 users' }));
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted[1]).toMatchObject({ send: true, batchId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(posted[2]?.batchId).toBe(posted[1]?.batchId);
    // The job's progress, then its result: who was invited and who was not, and why.
    expect(await screen.findByText('Inviting 1 of 2…', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('1 of 2 invited.', {}, { timeout: 5000 })).toBeInTheDocument();
    const skipped = within(screen.getByRole('list', { name: 'Not invited' }));
    expect(
      skipped.getByText('b@acme.example: This person already has a pending invitation to this workspace.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Users uploaded and invited successfully!')).toBeInTheDocument();
    // The dialog's own Close (a toast's close button is named Close too).
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
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

  it('disables Visitor, saying why, when the workspace does not allow visitors (spec 5.3), in both dialogs', async () => {
    const closed = { ...folder, visitorsProblem: 'visitorsNotAllowed' as const };
    const { unmount } = await renderWithProviders(<InviteModal folder={closed} onClose={() => {}} />);
    const visitor = (await screen.findByRole('radio', { name: 'Visitor' }, { timeout: 5000 })) as HTMLInputElement;
    expect(visitor).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Contributor' })).toBeEnabled();
    expect(screen.getByText('This workspace does not allow visitors to be added.')).toBeInTheDocument();
    unmount();
    await renderWithProviders(
      <BulkInviteModal folder={{ ...folder, visitorsProblem: 'visitorsNotOnPlan' }} onClose={() => {}} />,
    );
    expect(await screen.findByRole('radio', { name: 'Visitor' }, { timeout: 5000 })).toBeDisabled();
    expect(screen.getByText('Visitors are not included in the Standard plan.')).toBeInTheDocument();
  }, 20_000);
});
