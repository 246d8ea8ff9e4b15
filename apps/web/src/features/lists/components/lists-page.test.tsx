import { listDetailSchema, listsSchema } from '@formwork/shared/schemas/lists';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ListsPage } from './lists-page.tsx';

const company = '00000000-0000-4000-8000-000000000001';
const listId = '00000000-0000-4000-8000-0000000000c1';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const plant = {
  id: listId,
  folderId: company,
  name: 'Plant',
  state: 'active' as const,
  itemCount: 3,
  propertyCount: 2,
  updatedAt: '2026-11-24T10:00:00.000Z',
  sourceListId: null,
  deployment: null,
};

let posted: unknown;
beforeEach(() => {
  posted = undefined;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted = JSON.parse(String(init.body));
      return json(
        fakeReply(listDetailSchema, {
          ...plant,
          id: '00000000-0000-4000-8000-0000000000c2',
          name: 'Subcontractors',
          itemCount: 0,
          propertyCount: 0,
          properties: [],
        }),
        201,
      );
    }
    if (url.endsWith('/lists?state=active')) return json(fakeReply(listsSchema, { lists: [plant] }));
    return json({ lists: [] });
  });
});
afterEach(() => vi.unstubAllGlobals());

const viewer = (role: 'controller' | 'member') => ({
  isAdmin: false,
  isVisitorOnly: false,
  userType: 'contributor' as const,
  roles: [{ folderId: company, kind: 'company' as const, path: [company], role }],
});

async function renderPage(role: 'controller' | 'member') {
  await renderWithProviders(
    <MemoryRouter initialEntries={[`/lists/companies/${company}/active`]}>
      <Routes>
        <Route
          path="/lists/companies/:folderId/active"
          element={
            <ListsPage
              folder={{ kind: 'company', folderId: company, companyId: company }}
              path={[company]}
              viewer={viewer(role)}
              state="active"
              projects={[]}
            />
          }
        />
        <Route path="/lists/companies/:folderId/:listId" element={<p>One list page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ListsPage (List Library)', () => {
  it('shows the lists with their counts; an org member cannot create or manage them', async () => {
    await renderPage('member');
    expect(await screen.findByRole('link', { name: 'Plant' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'List Library' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Plant' })).not.toBeInTheDocument();
  });

  it('an org controller creates a list by name and lands on it; a blank name is refused first', async () => {
    await renderPage('controller');
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }));
    const name = await screen.findByLabelText('Name');
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    expect(await screen.findByText('List name required')).toBeInTheDocument();
    expect(posted).toBeUndefined();
    fireEvent.change(name, { target: { value: ' Subcontractors ' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await waitFor(() => expect(posted).toEqual({ name: 'Subcontractors' }));
    expect(await screen.findByText('One list page')).toBeInTheDocument();
  });
});
