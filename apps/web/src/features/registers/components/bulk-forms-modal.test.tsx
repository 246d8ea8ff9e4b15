import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { BulkFormsModal } from './bulk-forms-modal.tsx';

const team = '00000000-0000-4000-8000-000000000003';
const template = '00000000-0000-4000-8000-000000000004';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const batch = (batchId: string, state: string, processed: number, created: number) => ({
  batchId,
  templateId: template,
  state,
  total: 2,
  processed,
  created,
  rejected: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: state === 'done' ? '2026-11-24T10:00:01.000Z' : null,
});

const preview = {
  columns: ['Company', 'Due date'],
  rows: [
    { line: 2, cells: ['Sparks Electrical', '2026-12-01'], problems: [] },
    { line: 3, cells: ['Pipe Co', '2026-12-02'], problems: [] },
    { line: 4, cells: ['', '01/12/2026'], problems: [{ column: 'Due date', message: 'Enter a date as YYYY-MM-DD' }] },
  ],
  valid: 2,
  rejected: 1,
};

let posted: Record<string, unknown>[];
let starts: Response[];
let polls: string[];
beforeEach(() => {
  posted = [];
  starts = [];
  polls = ['running', 'done'];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (init?.method !== 'POST') {
      const id = path.split('/').at(-1) as string;
      const state = polls.length > 1 ? (polls.shift() as string) : (polls[0] as string);
      return json(batch(id, state, state === 'done' ? 2 : 1, state === 'done' ? 2 : 1));
    }
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    posted.push(body);
    if (!body.create) return json(preview);
    return starts.shift() ?? json(batch(body.batchId as string, 'queued', 0, 0), 202);
  });
});
afterEach(() => vi.unstubAllGlobals());

const csv = (name: string) =>
  new File(['Company,Due date\nSparks Electrical,2026-12-01\n'], name, { type: 'text/csv' });

describe('Bulk form creation from a CSV (issue 21.4)', () => {
  it('takes one CSV at a time, previews every row with its problems, then creates the valid rows with their progress', async () => {
    const onClose = vi.fn();
    const { container } = await renderWithProviders(
      <BulkFormsModal teamId={team} templateId={template} templateName="Induction" onClose={onClose} />,
    );
    await screen.findByRole('button', { name: 'Upload CSV' }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Download CSV template' })).toBeInTheDocument();
    const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [csv('a.csv'), csv('b.csv')] } });
    expect(await screen.findByText('Unable to import more than one CSV file at a time.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    fireEvent.change(input, { target: { files: [csv('crews.csv')] } });
    const table = within(await screen.findByRole('table', { name: 'Rows to create' }));
    expect(table.getByRole('columnheader', { name: 'Due date' })).toBeInTheDocument();
    expect(table.getByText('Due date: Enter a date as YYYY-MM-DD')).toBeInTheDocument();
    expect(
      screen.getByText(
        /CSV file has formatting errors\. 2 of 3 rows can be created\. Rows with a problem are not created\./,
      ),
    ).toBeInTheDocument();
    expect(posted[0]).toEqual({
      csv: 'Company,Due date\nSparks Electrical,2026-12-01\n',
      batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      create: false,
    });

    // A failed start keeps the upload's id: started again, the server answers the same batch.
    starts = [json({ type: 'about:blank', title: 'Bad Gateway', status: 502 }, 502)];
    fireEvent.click(screen.getByRole('button', { name: 'Create 2 forms' }));
    expect(await screen.findByText('Unable to create forms. Please try again later.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create 2 forms' }));
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted[1]).toMatchObject({ create: true, batchId: posted[0]?.batchId });
    expect(posted[2]).toMatchObject({ create: true, batchId: posted[0]?.batchId });

    expect(
      await screen.findByRole('progressbar', { name: 'Form creation progress' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Forms created: 2. Rows not created: 1.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download error report' })).toBeInTheDocument();
    // The dialog's own Close (a toast's close button is named Close too).
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  }, 20_000);
});
