import { listItemSchema, listItemsPageSchema } from '@formwork/shared/schemas/lists';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ListItemsEditor } from './list-items-editor.tsx';

const company = '00000000-0000-4000-8000-000000000001';
const listId = '00000000-0000-4000-8000-0000000000c1';
const hours = '00000000-0000-4000-8000-0000000000d1';
const ids = ['00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000e2'];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const items = [
  { id: ids[0] as string, label: 'Excavator', colour: '#ff8800', values: { [hours]: '12' }, position: 1 },
  { id: ids[1] as string, label: 'Crane', colour: null, values: {}, position: 2 },
];
const list = {
  id: listId,
  folderId: company,
  name: 'Plant',
  state: 'active' as const,
  itemCount: 2,
  propertyCount: 1,
  updatedAt: '2026-11-24T10:00:00.000Z',
  sourceListId: null,
  deployment: null,
  properties: [{ id: hours, name: 'Hours', type: 'number' as const, sortValue: 0 }],
};

const rect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = () =>
    ({
      width: 1000,
      height: 400,
      top: 0,
      left: 0,
      right: 1000,
      bottom: 400,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    }) as DOMRect;
  for (const [key, value] of [
    ['offsetHeight', 400],
    ['offsetWidth', 1000],
    ['clientHeight', 400],
    ['clientWidth', 1000],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = rect;
});

let sent: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      return json(fakeReply(listItemsPageSchema, { items, total: 2, nextCursor: null }));
    }
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    return json(fakeReply(listItemSchema, { ...(items[0] as (typeof items)[0]), ...(body ?? {}) }));
  });
});
afterEach(() => vi.unstubAllGlobals());

async function renderEditor(canEditItems = true) {
  await renderWithProviders(
    <ListItemsEditor companyId={company} list={list} canEditItems={canEditItems} canManage={false} />,
  );
  await screen.findByRole('row', { name: 'Excavator' });
}

describe('ListItemsEditor (issue 18.2)', () => {
  it('edits an item inline: the changed label is saved when focus leaves; an unchanged one is not', async () => {
    await renderEditor();
    const label = screen.getByRole('textbox', { name: 'Item Excavator' });
    fireEvent.blur(label);
    fireEvent.change(label, { target: { value: ' Big excavator ' } });
    fireEvent.blur(label);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      url: expect.stringContaining(`/items/${ids[0]}`),
      body: { label: 'Big excavator' },
    });
  });

  it('a value that does not fit its property type is not sent and is explained at the cell', async () => {
    await renderEditor();
    const cell = screen.getByRole('textbox', { name: 'Hours of Excavator' });
    fireEvent.change(cell, { target: { value: 'twelve' } });
    fireEvent.blur(cell);
    expect(await screen.findByText('Enter a number, such as 12 or -3.5')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(cell, { target: { value: '14.5' } });
    fireEvent.blur(cell);
    await waitFor(() => expect(sent[0]?.body).toEqual({ values: { [hours]: '14.5' } }));
  });

  it('moves an item down after the next one; the first cannot move up', async () => {
    await renderEditor();
    expect(screen.getByRole('button', { name: 'Move Excavator up' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move Excavator down' }));
    await waitFor(() => expect(sent[0]).toMatchObject({ method: 'PUT', body: { afterItemId: ids[1] } }));
  });

  it('without the right to edit items, cells are read-only and there is no add or move', async () => {
    await renderEditor(false);
    expect(screen.getByRole('textbox', { name: 'Item Excavator' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Excavator down' })).not.toBeInTheDocument();
  });
});
