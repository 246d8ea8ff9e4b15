import { listDeploymentSchema, listsSchema } from '@formwork/shared/schemas/lists';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ListsPage } from './lists-page.tsx';

const company = '00000000-0000-4000-8000-000000000001';
const harbour = '00000000-0000-4000-8000-0000000000a1';
const northside = '00000000-0000-4000-8000-0000000000a2';
const listId = '00000000-0000-4000-8000-0000000000c1';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary = {
  id: listId,
  folderId: company,
  name: 'Subcontractors',
  state: 'active' as const,
  itemCount: 3,
  propertyCount: 1,
  updatedAt: '2026-11-24T10:00:00.000Z',
  sourceListId: null,
  deployment: null,
};
const projects = [
  { id: harbour, name: 'Harbour Bridge Upgrade' },
  { id: northside, name: 'Northside Hospital' },
];

let sent: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url.endsWith('/deployment')) {
      return json(
        fakeReply(listDeploymentSchema, {
          listId,
          projects: [{ projectId: harbour, deployment: 'populated', copyId: '00000000-0000-4000-8000-0000000000c2' }],
          added: [],
          removed: [],
        }),
      );
    }
    if (url.endsWith('/lists/deploy') || url.endsWith('/lists/undeploy')) return json({ changed: [] });
    if (url.includes(`/api/projects/${harbour}/lists`)) {
      return json(
        fakeReply(listsSchema, {
          lists: [
            {
              ...summary,
              id: '00000000-0000-4000-8000-0000000000c2',
              folderId: harbour,
              sourceListId: listId,
              deployment: 'populated',
            },
          ],
        }),
      );
    }
    return json(fakeReply(listsSchema, { lists: [summary] }));
  });
});
afterEach(() => vi.unstubAllGlobals());

const controller = {
  isAdmin: false,
  isVisitorOnly: false,
  userType: 'contributor' as const,
  roles: [{ folderId: company, kind: 'company' as const, path: [company], role: 'controller' as const }],
};

async function renderLibrary() {
  await renderWithProviders(
    <MemoryRouter>
      <ListsPage
        folder={{ kind: 'company', folderId: company, companyId: company }}
        path={[company]}
        viewer={controller}
        state="active"
        projects={projects}
      />
    </MemoryRouter>,
  );
}

describe('Deploying lists to projects (issue 18.4, spec 4.3)', () => {
  it("Manage deployment ticks the list's projects; Apply (once changed) deploys the new one as chosen", async () => {
    await renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Subcontractors' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage deployment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage deployment: Subcontractors' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Harbour Bridge Upgrade' })).toBeChecked();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Northside Hospital' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Deployed Empty: the project fills its own items' }));
    fireEvent.click(apply);
    await waitFor(() =>
      expect(sent.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        url: `/api/companies/${company}/lists/${listId}/deployment`,
        body: { projectIds: [harbour, northside], deployment: 'empty' },
      }),
    );
  }, 20_000);

  it('Bulk Undeploy takes the selected lists from the ticked projects, without a deploy type', async () => {
    await renderLibrary();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Subcontractors' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undeploy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undeploy Subcontractors' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Northside Hospital' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(sent.find((c) => c.method === 'POST')).toMatchObject({
        url: `/api/companies/${company}/lists/undeploy`,
        body: { listIds: [listId], projectIds: [northside] },
      }),
    );
  }, 20_000);

  it("a project's Lists show its deployed copy as Deployed Populated, without the library's actions", async () => {
    await renderWithProviders(
      <MemoryRouter>
        <ListsPage
          folder={{ kind: 'project', folderId: harbour, companyId: company }}
          path={[company, harbour]}
          viewer={{
            ...controller,
            roles: [{ folderId: harbour, kind: 'project', path: [company, harbour], role: 'controller' }],
          }}
          state="active"
          projects={[]}
        />
      </MemoryRouter>,
    );
    const row = (await screen.findByRole('link', { name: 'Subcontractors' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Deployed Populated')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Actions for Subcontractors' })).not.toBeInTheDocument();
  }, 20_000);
});
