import type { Membership, RoleGrant } from '@formwork/shared/permissions';
import { folderSettingsSchema } from '@formwork/shared/schemas/settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FolderSettingsTabs } from '../routes/settings-route.tsx';
import type { FolderLocation } from '../shell/folder-location.ts';
import type { SecuritySection } from './security-sections.tsx';
import { visibleSettingsTabs } from './settings-tabs.ts';

const companyId = '11111111-1111-4111-8111-111111111111';
const projectId = '22222222-2222-4222-8222-222222222222';
const teamId = '33333333-3333-4333-8333-333333333333';

function viewer(...roles: [RoleGrant['kind'], RoleGrant['role']][]): Membership {
  const paths = { company: [companyId], project: [companyId, projectId], team: [companyId, projectId, teamId] };
  return {
    isAdmin: false,
    isVisitorOnly: false,
    userType: 'contributor',
    roles: roles.map(([kind, role]) => ({ kind, role, path: paths[kind], folderId: paths[kind].at(-1) as string })),
  };
}

function at(kind: FolderLocation['kind'], who: Membership): FolderLocation {
  const path =
    kind === 'company' ? [companyId] : kind === 'project' ? [companyId, projectId] : [companyId, projectId, teamId];
  return {
    companyId,
    companyName: 'Acme',
    kind,
    folderId: path.at(-1) as string,
    path,
    state: 'active',
    projectName: 'Bridge',
    teamName: 'Site Safety',
    viewer: who,
  };
}

const renames: { path: string; body: unknown }[] = [];

const securityPanel: SecuritySection = {
  id: 'domains',
  visible: (location) => location.kind === 'company',
  Component: () => <p>Verified domains panel</p>,
};

vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string, init?: { method?: string; body?: unknown }) => {
    if (init?.method === 'PATCH') {
      renames.push({ path, body: init.body });
      return { folderId: projectId, kind: 'project', parentId: companyId, name: 'Bridge North', state: 'active' };
    }
    if (path === `/api/folders/${projectId}/settings`) {
      return fakeReply(
        folderSettingsSchema,
        {
          folderId: projectId,
          kind: 'project',
          name: 'Bridge',
          timeZone: 'Australia/Sydney',
          ownTimeZone: 'Australia/Sydney',
          inheritedTimeZone: 'UTC',
        },
        path,
      );
    }
    if (path === '/api/workspaces/accessible') return { workspaces: [] };
    throw new Error(`unexpected call ${path}`);
  }),
}));

describe('the tabs of a folder’s settings (spec 2.6, 6)', () => {
  it('a company: General for its members; Billing, SMS billing, Global Billing and Usage for org controllers; Security only with a section in it', () => {
    expect(visibleSettingsTabs(at('company', viewer(['company', 'member'])), [])).toEqual([
      'general',
      'branding',
      'documents',
      'featureAccess',
    ]);
    expect(visibleSettingsTabs(at('company', viewer(['company', 'controller'])), [])).toEqual([
      'general',
      'branding',
      'documents',
      'billing',
      'featureAccess',
      'smsBilling',
      'globalBilling',
      'usage',
      'webhooks',
    ]);
    expect(visibleSettingsTabs(at('company', viewer(['company', 'controller'])), [securityPanel])).toEqual([
      'general',
      'branding',
      'documents',
      'billing',
      'featureAccess',
      'smsBilling',
      'globalBilling',
      'usage',
      'security',
      'webhooks',
    ]);
  });

  it('a project: its members and above; a team: team controllers, or project members and above', () => {
    expect(visibleSettingsTabs(at('project', viewer(['project', 'member'])), [securityPanel])).toEqual(['general']);
    expect(visibleSettingsTabs(at('project', viewer(['team', 'controller'])), [])).toEqual([]);
    // Webhooks (issue 24.1): a team's controllers manage the team's; project members do not.
    expect(visibleSettingsTabs(at('team', viewer(['team', 'controller'])), [])).toEqual(['general', 'webhooks']);
    expect(visibleSettingsTabs(at('project', viewer(['project', 'controller'])), [])).toEqual(['general']);
    expect(visibleSettingsTabs(at('team', viewer(['project', 'member'])), [])).toEqual(['general']);
    expect(visibleSettingsTabs(at('team', viewer(['team', 'member'])), [])).toEqual([]);
  });
});

async function renderTabs(location: FolderLocation, security: SecuritySection[] = []) {
  const router = createMemoryRouter(
    [
      { path: '/settings', element: <FolderSettingsTabs location={location} security={security} /> },
      { path: '/403', element: <p>Forbidden page</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  await renderWithProviders(<RouterProvider router={router} />);
}

describe('FolderSettingsTabs', { timeout: 60_000 }, () => {
  it('a project member sees the project’s General tab with its name and time zone', async () => {
    await renderTabs(at('project', viewer(['project', 'member'])));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['General']);
    expect(await screen.findByDisplayValue('Bridge')).toBeTruthy();
    expect(screen.getByLabelText('Time zone', { selector: 'input' })).toHaveValue('Australia/Sydney');
  });

  it('a project controller renames the project from its General tab', async () => {
    const user = userEvent.setup();
    await renderTabs(at('project', viewer(['project', 'controller'])));
    const name = await screen.findByDisplayValue('Bridge');
    await user.clear(name);
    await user.type(name, 'Bridge North');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(renames).toContainEqual({ path: `/api/projects/${projectId}`, body: { name: 'Bridge North' } }),
    );
  });

  it('the Security tab appears with a section and shows it', async () => {
    const user = userEvent.setup();
    await renderTabs(at('company', viewer(['company', 'controller'])), [securityPanel]);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'General',
      'Branding',
      'Documents & Formatting',
      'Billing',
      'Feature Access',
      'SMS billing',
      'Global Billing',
      'Usage',
      'Security',
      'Webhooks',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(await screen.findByText('Verified domains panel')).toBeTruthy();
  });

  it('a team member, who may not see the settings, is sent to the 403 page', async () => {
    await renderTabs(at('team', viewer(['team', 'member'])));
    expect(await screen.findByText('Forbidden page')).toBeTruthy();
  });
});
