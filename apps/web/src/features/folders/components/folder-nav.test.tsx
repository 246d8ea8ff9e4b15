import { type FolderTree, folderTreeSchema } from '@formwork/shared/schemas/folders';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { FolderNav } from './folder-nav.tsx';

const company = '00000000-0000-4000-8000-000000000001';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const team = (n: number, name: string, state: 'active' | 'archived' = 'active') => ({ folderId: id(n), name, state });

const controller = { isAdmin: false, isVisitorOnly: false, userType: 'contributor' as const };
const orgController = {
  ...controller,
  roles: [{ folderId: company, kind: 'company' as const, path: [company], role: 'controller' as const }],
};

function tree(
  viewer: FolderTree['viewer'],
  projects: FolderTree['projects'],
  state: 'active' | 'archived' = 'active',
): FolderTree {
  return { company: { folderId: company, name: 'Acme' }, state, projects, viewer };
}

const activeProjects: FolderTree['projects'] = [
  {
    folderId: id(10),
    name: 'Harbour Bridge',
    state: 'active',
    teams: [team(11, 'Civil Works'), team(12, 'Electrical')],
  },
  {
    folderId: id(20),
    name: 'Northside Hospital',
    state: 'active',
    teams: [team(21, 'Site Safety'), team(22, 'Electrical')],
  },
];

let trees: Record<string, FolderTree>;

beforeEach(() => {
  localStorage.clear();
  trees = { active: tree(orgController, activeProjects), archived: tree(orgController, [], 'archived') };
  vi.stubGlobal('fetch', async (url: string) => {
    const state = new URL(url, 'http://x').searchParams.get('state') ?? 'active';
    // apiRequest checks the reply against the contract too (tests run with the check on).
    const reply = fakeReply(folderTreeSchema, trees[state], `GET ${url}`);
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  });
  // jsdom lays nothing out: give the scrolling list a size so the virtual rows render.
  for (const [property, size] of [
    ['clientHeight', 800],
    ['clientWidth', 300],
  ] as const) {
    vi.spyOn(HTMLElement.prototype, property, 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-folder-scroll') ? size : 0;
    });
  }
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderNav() {
  await renderWithProviders(
    <MemoryRouter>
      <FolderNav companyId={company} navigated={null} header={null} />
    </MemoryRouter>,
  );
  await screen.findByText('Harbour Bridge');
  return userEvent.setup();
}

const nav = () => screen.getByRole('navigation', { name: 'Folders' });
const rowNames = (kind: 'project' | 'team') =>
  [...nav().querySelectorAll(`[data-folder-row="${kind}"]`)].map((row) => row.textContent?.trim());

describe('folder navigation (spec 2.4, 4.2)', () => {
  it('lists projects with their teams, sorted, expanded by default', async () => {
    await renderNav();
    expect(rowNames('project')).toEqual(['Harbour Bridge', 'Northside Hospital']);
    expect(rowNames('team')).toEqual(['Civil Works', 'Electrical', 'Electrical', 'Site Safety']);
  });

  it('searches case-insensitively after 250 ms: a matching project keeps all its teams', async () => {
    const user = await renderNav();
    await user.type(screen.getByRole('textbox', { name: 'Search folders' }), 'NORTH');
    await screen.findByText('Site Safety');
    await vi.waitFor(() => expect(rowNames('project')).toEqual(['Northside Hospital']));
    expect(rowNames('team')).toEqual(['Electrical', 'Site Safety']);

    await user.clear(screen.getByRole('textbox', { name: 'Search folders' }));
    await user.type(screen.getByRole('textbox', { name: 'Search folders' }), 'civil');
    await vi.waitFor(() => expect(rowNames('project')).toEqual(['Harbour Bridge']));
    expect(rowNames('team')).toEqual(['Civil Works']);

    await user.type(screen.getByRole('textbox', { name: 'Search folders' }), 'xyz');
    expect(await screen.findByText('No folders match "civilxyz"')).toBeInTheDocument();
  });

  it('selects a project with its teams; selecting one of its teams deselects the project', async () => {
    const user = await renderNav();
    await user.click(screen.getByRole('button', { name: 'Folder options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Select Folders' }));
    // The select mode's checkboxes load when it first starts (issue 15.4).
    await user.click(await screen.findByRole('checkbox', { name: 'Select Harbour Bridge' }));
    const checked = () =>
      screen
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.getAttribute('aria-label'));
    expect(checked()).toEqual([
      'Select Harbour Bridge',
      'Select Civil Works (Harbour Bridge)',
      'Select Electrical (Harbour Bridge)',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Select Civil Works (Harbour Bridge)' }));
    expect(checked()).toEqual(['Select Electrical (Harbour Bridge)']);
    expect(screen.getByRole('button', { name: '1 selected' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(checked()).toHaveLength(7);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
  });

  it('in the Archived view only archived folders can be selected', async () => {
    trees.archived = tree(
      orgController,
      [{ folderId: id(10), name: 'Harbour Bridge', state: 'active', teams: [team(12, 'Electrical', 'archived')] }],
      'archived',
    );
    const user = await renderNav();
    await user.click(screen.getByText('Archived'));
    await screen.findByText('Electrical');
    await user.click(screen.getByRole('button', { name: 'Folder options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Select Folders' }));
    expect(await screen.findByRole('checkbox', { name: 'Select Harbour Bridge' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Electrical (Harbour Bridge)' })).toBeEnabled();
  });

  it('collapses a project, remembers it, and shows New Project Folder only to those who may add projects', async () => {
    const user = await renderNav();
    expect(screen.getByRole('button', { name: 'New Project Folder' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse Harbour Bridge' }));
    expect(rowNames('team')).toEqual(['Electrical', 'Site Safety']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(JSON.parse(localStorage.getItem('dp-folder-nav-expand-state') as string)).toEqual({
      [company]: { [id(10)]: false },
    });
  });

  it('tells a member with no folders to contact their admin, and an admin to add one', async () => {
    const teamMember = { ...controller, roles: [] };
    trees.active = tree(teamMember, []);
    await renderWithProviders(
      <MemoryRouter>
        <FolderNav companyId={company} navigated={null} header={null} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/contact your admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Project Folder' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: /^Options for/ })).not.toBeInTheDocument();
  });
});
