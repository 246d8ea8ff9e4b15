import { encodeCursor } from '@formwork/shared/schemas/cursor';
import { type FormRow, registerPageSchema } from '@formwork/shared/schemas/forms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeReply, templateReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { WorkspaceTimeZone } from '../../../lib/date-text.tsx';
import { WorkflowBoard } from './workflow-board.tsx';

const requests: URL[] = [];
const templateId = '00000000-0000-4000-8000-0000000000b1';
/** Cursors as the server makes them (the shared codec: the last row's sort key and id) -> where they resume. */
const cursorStarts = new Map<string, number>();
function cursorAfter(row: FormRow, next: number) {
  const cursor = encodeCursor([row.updatedAt, row.formId]);
  cursorStarts.set(cursor, next);
  return cursor;
}
/** Forms per column index: 60 open (two pages), 2 investigating, 1 closed and 1 of a removed column. */
const formsIn = [60, 2, 1, 1];

function row(column: number, n: number): FormRow {
  return {
    formId: `00000000-0000-4000-8000-${String(column * 1000 + n).padStart(12, '0')}`,
    templateId,
    number: column * 1000 + n,
    title: `Incident ${column}-${n}`,
    state: 'active',
    workflowColumn: column,
    version: 1,
    createdBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedBy: null,
    updatedAt: new Date(Date.UTC(2026, 0, 1) - (column * 1000 + n) * 60_000).toISOString(),
    values: {},
    source: null,
  };
}

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string) => {
    if (path.startsWith('/api/templates/')) {
      return templateReply({
        templateId,
        name: 'Incidents',
        templateCode: 'INC',
        formName: 'Incident',
        type: 'workflow',
        currentVersion: 1,
        definition: {
          fields: [],
          logic: [],
          workflow: {
            columns: [
              { id: 'open', name: 'Open' },
              { id: 'inv', name: 'Investigating' },
              { id: 'closed', name: 'Closed' },
            ],
          },
          registerOrder: null,
        },
      });
    }
    const url = new URL(path, 'http://x');
    requests.push(url);
    const [, op, value] = (url.searchParams.get('filter') ?? '').split(':');
    const columns = op === 'gte' ? [2, 3] : [Number(value)];
    const all = columns.flatMap((c) => Array.from({ length: formsIn[c] ?? 0 }, (_, i) => row(c, i + 1)));
    const cursor = url.searchParams.get('cursor');
    const start = cursor ? (cursorStarts.get(cursor) as number) : 0;
    const rows = all.slice(start, start + Number(url.searchParams.get('limit')));
    const next = start + rows.length;
    const last = rows.at(-1);
    return fakeReply(registerPageSchema, {
      columns: [],
      rows,
      people: {},
      formTitles: {},
      timeZone: 'UTC',
      nextCursor: next < all.length && last ? cursorAfter(last, next) : null,
    });
  }),
}));

describe('workflow board', { timeout: 30_000 }, () => {
  it('loads each column a page at a time; the last also holds forms of removed columns', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <MemoryRouter>
        <WorkflowBoard
          companyId="c"
          teamId="team"
          templateId={templateId}
          me={{ userId: 'u', name: 'Me' }}
          canCreate={false}
          canMove
        />
      </MemoryRouter>,
    );
    const open = await screen.findByRole('region', { name: 'Open' });
    await within(open).findByText('Incident 0-1');
    expect(requests.map((u) => u.searchParams.get('filter')).sort()).toEqual([
      'workflowColumn:eq:0',
      'workflowColumn:eq:1',
      'workflowColumn:gte:2',
    ]);
    expect(within(open).getAllByRole('link')).toHaveLength(50);
    expect(within(open).getByText('50+')).toBeTruthy();

    const closed = screen.getByRole('region', { name: 'Closed' });
    await within(closed).findByText('Incident 3-1');
    expect(within(closed).getByText('Incident 2-1')).toBeTruthy();
    expect(within(closed).queryByRole('button', { name: /Move to/ })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Investigating' })).getAllByRole('button', { name: 'Move to Closed' }),
    ).toHaveLength(2);

    await user.click(within(open).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(open).getAllByRole('link')).toHaveLength(60));
    expect(within(open).getByText('60')).toBeTruthy();
    expect(within(open).queryByRole('button', { name: 'Show more' })).toBeNull();
    // Show more asked for the page after the cursor the first page handed out.
    expect(cursorStarts.get(requests.at(-1)?.searchParams.get('cursor') as string)).toBe(50);
  });

  it("shows when each form was updated in the workspace's time zone, not the browser's", async () => {
    await renderWithProviders(
      <WorkspaceTimeZone timeZone="Australia/Sydney">
        <MemoryRouter>
          <WorkflowBoard
            companyId="c"
            teamId="team"
            templateId={templateId}
            me={{ userId: 'u', name: 'Me' }}
            canCreate={false}
            canMove={false}
          />
        </MemoryRouter>
      </WorkspaceTimeZone>,
    );
    const investigating = await screen.findByRole('region', { name: 'Investigating' });
    const card = (await within(investigating).findByText('Incident 1-1')).closest('[data-board-card]') as HTMLElement;
    // 2025-12-31T07:19Z is 6:19 PM on Dec 31 in Sydney (UTC+11 in summer).
    expect(within(card).getByText('Updated Dec 31, 2025, 6:19 PM GMT+11')).toBeTruthy();
  });
});
