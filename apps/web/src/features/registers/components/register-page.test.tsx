import { encodeCursor } from '@formwork/shared/schemas/cursor';
import { type RegisterPage as Page, registerPageSchema } from '@formwork/shared/schemas/forms';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeReply, templateReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { registerPath } from '../../../lib/form-paths.ts';
import { RegisterPage, registerOverscan } from './register-page.tsx';

const requests: string[] = [];
const replies: Page[] = [];
const exportBodies: unknown[] = [];
const total = 120;
const templateId = '00000000-0000-4000-8000-0000000000a1';
const orderedTemplateId = '00000000-0000-4000-8000-0000000000a2';
const sortedTemplateId = '00000000-0000-4000-8000-0000000000a3';

/** Cursors as the server makes them (the shared codec: the last row's sort key and id) -> where they resume. */
const cursorStarts = new Map<string, number>();
function cursorAfter(row: Page['rows'][number], next: number) {
  const cursor = encodeCursor([row.updatedAt, row.formId]);
  cursorStarts.set(cursor, next);
  return cursor;
}

const alice = '8675bed0-1111-4c1d-9f3e-2b4f5a6b7c8d';

function page(cursor: string | null, limit: number, withPerson = false): Page {
  const start = cursor ? (cursorStarts.get(cursor) as number) : 0;
  const rows = Array.from({ length: Math.min(limit, total - start) }, (_, i) => {
    const n = start + i + 1;
    return {
      formId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      templateId,
      number: n,
      title: `Plant ${n}`,
      state: 'active' as const,
      workflowColumn: null,
      version: 1,
      createdBy: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
      updatedAt: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
      values: withPerson ? { make: `Make ${n}`, boss: alice } : { make: `Make ${n}` },
      // The first came through a submission link (issue 21).
      source: n === 1 ? { link: 'Gate sign-in', submitterName: 'Sam Sparks' } : null,
    };
  });
  const next = start + rows.length;
  const last = rows.at(-1);
  return {
    columns: [
      { key: 'number', label: 'Number', kind: 'metadata', type: 'integer', sortable: true },
      { key: 'title', label: 'Title', kind: 'metadata', type: 'text', sortable: false },
      { key: 'updatedAt', label: 'Updated', kind: 'metadata', type: 'dateTime', sortable: true },
      { key: 'field:make', label: 'Make', kind: 'field', type: 'singleLineText', sortable: true },
      ...(withPerson
        ? [{ key: 'field:boss', label: 'Supervisor', kind: 'field' as const, type: 'singlePerson', sortable: false }]
        : []),
    ],
    rows,
    people: withPerson ? { [alice]: 'Alice Able' } : {},
    formTitles: {},
    timeZone: 'Australia/Sydney',
    nextCursor: next < total && last ? cursorAfter(last, next) : null,
  };
}

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string, init?: { method?: string; body?: unknown }) => {
    requests.push(path);
    if (path.endsWith('/exports') && init?.method === 'POST') {
      exportBodies.push(init.body);
      return { exportId: '00000000-0000-4000-8000-00000000e001', state: 'queued', format: 'csv' };
    }
    if (path.includes('/exports/'))
      return { exportId: '00000000-0000-4000-8000-00000000e001', state: 'queued', format: 'csv' };
    if (path.startsWith('/api/templates/')) {
      const ordered = path.startsWith(`/api/templates/${orderedTemplateId}`);
      return templateReply({
        templateId: ordered ? orderedTemplateId : templateId,
        name: 'Plant Register',
        type: 'register',
        definition: {
          fields: [
            { id: 'make', type: 'singleLineText', label: 'Make', required: false },
            ...(path.startsWith('/api/templates/tpl-person')
              ? [{ id: 'boss', type: 'singlePerson', label: 'Supervisor', required: false, teamMembersOnly: false }]
              : []),
          ],
          logic: [],
          workflow: null,
          // The ordered template opens sorted by its register order.
          registerOrder: ordered ? { fieldId: 'make', direction: 'asc' } : null,
        },
      });
    }
    // The register of tpl-slow has not answered yet.
    if (path.includes('/tpl-slow/')) return new Promise(() => {});
    const url = new URL(path, 'http://x');
    const reply = fakeReply(
      registerPageSchema,
      page(url.searchParams.get('cursor'), Number(url.searchParams.get('limit')), path.includes('tpl-person')),
    );
    replies.push(reply);
    return reply;
  }),
}));

// The scrolling box is 440 px high: 10 rows of 44 px are visible.
const rect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = () =>
    ({
      width: 1000,
      height: 440,
      top: 0,
      left: 0,
      right: 1000,
      bottom: 440,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    }) as DOMRect;
  for (const [key, value] of [
    ['offsetHeight', 440],
    ['offsetWidth', 1000],
    ['clientHeight', 440],
    ['clientWidth', 1000],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
  const Observer = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  globalThis.ResizeObserver ??= Observer;
  window.ResizeObserver ??= Observer;
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = rect;
});

describe('register', () => {
  it('opens with the filters of its address (a chart links to the forms behind a bar)', async () => {
    const filters = ['field:colour:eq:red', 'createdAt:gte:2026-03-01T00:00:00Z'];
    requests.length = 0;
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage
          teamId="team-1"
          templateId={templateId}
          canCreate={false}
          me={{ userId: 'u', name: 'Me' }}
          initialFilters={filters}
        />
      </MemoryRouter>,
    );
    await screen.findByText('Plant 1');
    const first = new URL(requests.filter((r) => r.includes('/register?'))[0] as string, 'http://x');
    expect(first.searchParams.getAll('filter')).toEqual(filters);
    expect(screen.getByRole('button', { name: 'Remove filter field:colour:eq:red' })).toBeTruthy();
    expect(registerPath('team-1', 'tpl', filters)).toBe(
      `/apps/teams/team-1/register/tpl?filter=${encodeURIComponent(filters[0] as string)}&filter=${encodeURIComponent(filters[1] as string)}`,
    );
    requests.length = 0;
  });

  it("names the server's own columns in the person's language, the template's field labels as typed", async () => {
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage teamId="team-1" templateId={templateId} canCreate={false} me={{ userId: 'u', name: 'Me' }} />
      </MemoryRouter>,
      { locale: 'es' },
    );
    await screen.findByText('Plant 1');
    for (const name of ['Número', 'Título', 'Actualizado', 'Make'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /^Number/ })).toBeNull();
    requests.length = 0;
  });

  it('pages with the keyset cursor as it scrolls and keeps only the visible rows plus 20 in the page', async () => {
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage teamId="team-1" templateId={templateId} canCreate={false} me={{ userId: 'u', name: 'Me' }} />
      </MemoryRouter>,
    );
    await screen.findByText('Plant 1');
    const registerCalls = () => requests.filter((r) => r.includes('/register?'));
    expect(registerCalls()).toHaveLength(1);
    const first = new URL(registerCalls()[0] as string, 'http://x');
    expect(first.searchParams.get('limit')).toBe('50');
    expect(first.searchParams.get('cursor')).toBeNull();
    expect(first.searchParams.get('sort')).toBe('updatedAt');

    const rendered = () => document.querySelectorAll('[data-register-row]').length;
    expect(rendered()).toBeLessThanOrEqual(10 + 2 * registerOverscan);
    expect(rendered()).toBeGreaterThan(0);

    // Scroll to the end of the first page: the next page is asked for with the cursor.
    const box = document.querySelector('[data-register]') as HTMLElement;
    await act(async () => {
      box.scrollTop = 44 * 45;
      fireEvent.scroll(box);
    });
    await waitFor(() => expect(registerCalls()).toHaveLength(2));
    // The cursor the first reply handed out, as the server makes them (not a row number).
    const handedOut = replies[0]?.nextCursor;
    expect(handedOut).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(new URL(registerCalls()[1] as string, 'http://x').searchParams.get('cursor')).toBe(handedOut);
    await screen.findByText('Plant 50');
    expect(rendered()).toBeLessThanOrEqual(10 + 2 * registerOverscan);
    expect(screen.queryByText('Plant 1')).toBeNull();
  });

  it('says it is loading, not "0 forms loaded", until the first page arrives', async () => {
    requests.length = 0;
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage teamId="team-1" templateId="tpl-slow" canCreate={false} me={{ userId: 'u', name: 'Me' }} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(requests.some((r) => r.includes('/tpl-slow/'))).toBe(true));
    expect(await screen.findByText('Loading forms...')).toBeInTheDocument();
    expect(screen.queryByText('0 forms loaded')).toBeNull();
  });

  it("opens in the template's register order", async () => {
    requests.length = 0;
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage
          teamId="team-1"
          templateId={orderedTemplateId}
          canCreate={false}
          me={{ userId: 'u', name: 'Me' }}
        />
      </MemoryRouter>,
    );
    await screen.findByText('Plant 1');
    const calls = requests.filter((r) => r.includes('/register?'));
    expect(calls).toHaveLength(1);
    const first = new URL(calls[0] as string, 'http://x');
    expect(first.searchParams.get('sort')).toBe('field:make');
    expect(first.searchParams.get('direction')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Make/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts on the server when a sortable header is clicked', async () => {
    requests.length = 0;
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage
          teamId="team-1"
          templateId={sortedTemplateId}
          canCreate={false}
          me={{ userId: 'u', name: 'Me' }}
        />
      </MemoryRouter>,
    );
    await screen.findByText('Plant 1');
    fireEvent.click(screen.getByRole('columnheader', { name: /Number/ }));
    await waitFor(() => {
      const last = new URL(requests.filter((r) => r.includes('/register?')).at(-1) as string, 'http://x');
      expect(last.searchParams.get('sort')).toBe('number');
      expect(last.searchParams.get('direction')).toBe('desc');
      expect(last.searchParams.get('cursor')).toBeNull();
    });
  });

  it('shows a person by the name the register API sends, never the id; times in the workspace zone', {
    timeout: 60_000,
  }, async () => {
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage teamId="team-1" templateId="tpl-person" canCreate={false} me={{ userId: 'u', name: 'Me' }} />
      </MemoryRouter>,
    );
    await screen.findByText('Plant 1');
    const row = document.querySelector('[data-register-row]') as HTMLElement;
    expect(row.textContent).toContain('Alice Able');
    expect(row.textContent).not.toContain(alice);
    // 2025-12-31T23:59Z in Sydney, in the one date format of exports and PDFs.
    expect(row.textContent).toContain('Jan 1, 2026, 10:59 AM GMT+11');
    // A form submitted through a link is marked with its source (issue 21).
    expect(within(row).getByLabelText('Submitted through the link Gate sign-in by Sam Sparks').textContent).toBe(
      'Link: Gate sign-in',
    );
  });

  it('exports every column by default, the visible ones only when asked', { timeout: 60_000 }, async () => {
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage teamId="team-1" templateId="tpl-person" canCreate={false} me={{ userId: 'u', name: 'Me' }} />
      </MemoryRouter>,
    );
    await screen.findByText('Plant 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export register' });
    expect((within(dialog).getByRole('radio', { name: 'All columns' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exportBodies).toHaveLength(1));
    expect(exportBodies[0]).toMatchObject({ format: 'csv', columnSet: 'all' });
    expect((exportBodies[0] as { columns?: string[] }).columns).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const again = await screen.findByRole('dialog', { name: 'Export register' });
    fireEvent.click(within(again).getByRole('radio', { name: 'Visible columns' }));
    fireEvent.click(within(again).getByRole('radio', { name: 'Excel (XLSX)' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exportBodies).toHaveLength(2));
    expect(exportBodies[1]).toMatchObject({ format: 'xlsx', columnSet: 'visible', columns: ['make', 'boss'] });
  });
});
