import { defaultDocumentSettings } from '@formwork/shared/document-settings';
import { readFeatureToggles } from '@formwork/shared/feature-toggles';
import { type AccessibleWorkspace, workspaceSchema } from '@formwork/shared/schemas/workspaces';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { UnsavedChangesProvider } from '../../../components/ui/unsaved-changes.tsx';
import { WorkspaceTimeZone } from '../../../lib/date-text.tsx';
import { FeatureAccessSettings } from './feature-access-settings.tsx';
import { WorkspaceSettings } from './workspace-settings.tsx';

const calls: { path: string; method?: string; body?: unknown }[] = [];

const workspace: AccessibleWorkspace = {
  workspaceId: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Construction',
  logoUrl: null,
  logoFileId: null,
  brandColour: null,
  pdfLogoFileId: null,
  pdfLogoUrl: null,
  locale: 'en-US',
  documentSettings: defaultDocumentSettings,
  visitorsAllowed: true,
  jointVenture: null,
  archived: false,
  plan: 'standard',
  region: 'au',
  timeZone: 'UTC',
  featureToggles: readFeatureToggles({}),
  accountName: 'Acme',
  account: {
    accountId: '22222222-2222-4222-8222-222222222222',
    accountType: 'managed',
    planType: 'standard',
    subscriptionStatus: 'active',
    trialEndDate: null,
  },
  userType: 'contributor',
  isOrgController: true,
};

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string, init?: { method?: string; body?: unknown }) => {
    calls.push({ path, method: init?.method, body: init?.body });
    const { userType: _u, isOrgController: _o, ...plain } = workspace;
    return fakeReply(workspaceSchema, { ...plain, ...(init?.body as object) }, `${init?.method} ${path}`);
  }),
}));

async function renderSettings(canEdit: boolean, tab: 'general' | 'featureAccess' = 'general') {
  await renderRoutes(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <WorkspaceTimeZone timeZone={workspace.timeZone}>
              <Outlet />
            </WorkspaceTimeZone>
          </UnsavedChangesProvider>
        ),
        children: [
          {
            path: '/settings',
            element:
              tab === 'general' ? (
                <WorkspaceSettings workspace={workspace} canEdit={canEdit} />
              ) : (
                <FeatureAccessSettings workspace={workspace} canEdit={canEdit} />
              ),
          },
        ],
      },
    ],
    { initialEntries: ['/settings'] },
  );
}

describe('workspace settings', { timeout: 60_000 }, () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('an org controller picks the time zone and saves it with PATCH /api/workspaces/:id', async () => {
    const user = userEvent.setup();
    await renderSettings(true);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const zone = screen.getByLabelText('Time zone', { selector: 'input' });
    expect(zone).toHaveValue('UTC');
    await user.clear(zone);
    await user.type(zone, 'Sydney');
    await user.click(await screen.findByRole('option', { name: 'Australia/Sydney', hidden: true }));
    expect(screen.getByText(/^Time now in this zone: .* GMT\+1[01]$/)).toBeTruthy();
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: `/api/workspaces/${workspace.workspaceId}`,
        method: 'PATCH',
        body: { timeZone: 'Australia/Sydney' },
      }),
    );
    expect(await screen.findByText('Workspace settings saved')).toBeTruthy();
  });

  it('other members see the time zone but cannot change it', async () => {
    await renderSettings(false);
    expect(screen.getByLabelText('Time zone', { selector: 'input' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only Org Controllers can change the workspace settings.')).toBeTruthy();
  });

  it('Feature Access: an org controller stops visitors being added; the toggles show as the support team set them', async () => {
    const user = userEvent.setup();
    await renderSettings(true, 'featureAccess');
    expect(screen.getByText("Default signature from the person's full name")).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    const visitors = screen.getByRole('switch', { name: /Visitors may be added/ });
    expect(visitors).toBeChecked();
    await user.click(visitors);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: `/api/workspaces/${workspace.workspaceId}`,
        method: 'PATCH',
        body: { visitorsAllowed: false },
      }),
    );
  });

  it('Feature Access: paid users cannot be allowed (no one can be a paid user yet): the switch is off, disabled, and says why', async () => {
    const user = userEvent.setup();
    await renderSettings(true, 'featureAccess');
    const paid = screen.getByRole('switch', { name: /Paid users may be added/ });
    expect(paid).not.toBeChecked();
    expect(paid).toBeDisabled();
    expect(paid).toHaveAccessibleDescription(
      'Not available: no one can be made a paid user in Formwork yet, so this setting would change nothing.',
    );
    await user.click(paid);
    expect(paid).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('a joint venture needs two parent domains other than its own (spec 5.4); then it is saved', async () => {
    const user = userEvent.setup();
    await renderSettings(true);
    await user.click(screen.getByRole('checkbox', { name: /This workspace is a joint venture/ }));
    await user.type(screen.getByLabelText('Joint venture domain'), 'harbour-jv.com');
    const parents = screen.getByLabelText('Parent domains', { selector: 'input' });
    await user.type(parents, 'harbour-jv.com{Enter}');
    expect(screen.getByText('A joint venture needs at least two parent domains.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(parents, 'acme-builders.com{Enter}');
    expect(screen.getByText('The joint venture domain must differ from its parent domains.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Joint venture domain'));
    await user.type(screen.getByLabelText('Joint venture domain'), 'bridge-jv.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: `/api/workspaces/${workspace.workspaceId}`,
        method: 'PATCH',
        body: { jointVenture: { domain: 'bridge-jv.com', parentDomains: ['harbour-jv.com', 'acme-builders.com'] } },
      }),
    );
  });
});
