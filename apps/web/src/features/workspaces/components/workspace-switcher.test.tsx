import { defaultDocumentSettings } from '@formwork/shared/document-settings';
import { readFeatureToggles } from '@formwork/shared/feature-toggles';
import {
  type AccessibleWorkspace,
  accessibleWorkspacesSchema,
  type VisitorTrial,
  visitorTrialSchema,
} from '@formwork/shared/schemas/workspaces';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

const visited: AccessibleWorkspace = {
  workspaceId: '11111111-1111-4111-8111-111111111111',
  name: 'Harbour Builders',
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
  plan: 'premium',
  region: 'au',
  timeZone: 'UTC',
  featureToggles: readFeatureToggles({}),
  accountName: 'Harbour',
  account: {
    accountId: '22222222-2222-4222-8222-222222222222',
    accountType: 'managed',
    planType: 'premium',
    subscriptionStatus: 'active',
    trialEndDate: null,
  },
  userType: 'visitor',
  isOrgController: false,
};
const own: AccessibleWorkspace = {
  ...visited,
  workspaceId: '33333333-3333-4333-8333-333333333333',
  name: 'Old Mill Joinery',
  userType: 'contributor',
  isOrgController: true,
};

let trial: VisitorTrial;
let workspaces: AccessibleWorkspace[];
const calls: { path: string; method?: string }[] = [];

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string, init?: { method?: string }) => {
    calls.push({ path, method: init?.method });
    if (path === '/api/workspaces/visitor-trial') return fakeReply(visitorTrialSchema, trial, path);
    if (path === '/api/workspaces/accessible') return fakeReply(accessibleWorkspacesSchema, { workspaces }, path);
    throw new Error(`unexpected ${path}`);
  }),
  apiBlob: vi.fn(async (path: string) => {
    calls.push({ path });
    return new Blob(['png'], { type: 'image/png' });
  }),
}));

const signOut = vi.fn();
vi.mock('../../../lib/auth.ts', () => ({ signOut: () => signOut() }));

function renderSwitcher(props: { isVisitorOnly?: boolean; isAdmin?: boolean } = {}) {
  return renderWithProviders(
    <WorkspaceSwitcher
      opened
      onClose={() => {}}
      currentWorkspaceId={visited.workspaceId}
      isAdmin={props.isAdmin ?? false}
      isVisitorOnly={props.isVisitorOnly ?? false}
      onChoose={() => {}}
    />,
  );
}

describe('the visitor-trial modals of the switcher (spec 2.6, 4.4)', () => {
  beforeEach(() => {
    calls.length = 0;
    signOut.mockReset();
    workspaces = [visited];
    trial = { domain: 'subbie.example', isBusinessDomainInUse: false, expiredTrial: null };
  });

  it('a visitor adding a workspace gets the plain modal, then the name form', async () => {
    renderSwitcher();
    await userEvent.click(await screen.findByRole('button', { name: 'Add workspace' }));
    expect(await screen.findByText('Start your own free trial')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create my own workspace' }));
    expect(screen.getByLabelText('Workspace name')).toBeInTheDocument();
  });

  it('a business domain in use offers joining (with the instructions) or creating', async () => {
    trial = { ...trial, isBusinessDomainInUse: true };
    renderSwitcher();
    await userEvent.click(await screen.findByRole('button', { name: 'Add workspace' }));
    expect(await screen.findByText('Your company may already use Formwork')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join the existing workspace' }));
    expect(screen.getByText(/workspace \(subbie\.example\) to invite you/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create my own workspace' }));
    expect(screen.getByLabelText('Workspace name')).toBeInTheDocument();
  });

  it('an ended trial shows the expired modal: create, switch (with another workspace) or log out', async () => {
    workspaces = [visited, own];
    trial = { ...trial, isBusinessDomainInUse: true, expiredTrial: { workspaceId: own.workspaceId, name: own.name } };
    renderSwitcher();
    await userEvent.click(await screen.findByRole('button', { name: 'Add workspace' }));
    expect(await screen.findByText('Your free trial has ended')).toBeInTheDocument();
    expect(screen.getByText(/The 30-day free trial of Old Mill Joinery has ended/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Switch workspace' }));
    expect(screen.getByRole('button', { name: 'Add workspace' })).toBeInTheDocument();
  });

  it('with only one workspace the expired modal offers no switch', async () => {
    trial = { ...trial, expiredTrial: { workspaceId: own.workspaceId, name: own.name } };
    renderSwitcher({ isVisitorOnly: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Add workspace' }));
    expect(await screen.findByText('Your free trial has ended')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch workspace' })).not.toBeInTheDocument();
  });

  it('an admin goes straight to the name form (no visitor trial asked)', async () => {
    renderSwitcher({ isAdmin: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Add workspace' }));
    expect(screen.getByLabelText('Workspace name')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/workspaces/visitor-trial')).toBe(false);
  });
});

describe('the list of the switcher (issue 23.2)', () => {
  beforeEach(() => {
    calls.length = 0;
    trial = { domain: 'subbie.example', isBusinessDomainInUse: false, expiredTrial: null };
  });

  it("shows each workspace's uploaded logo within 96 x 32 px (fetched with the sign-in), or its initials", async () => {
    const logoUrl = `/api/workspaces/${own.workspaceId}/logo`;
    workspaces = [visited, { ...own, logoUrl, logoFileId: '44444444-4444-4444-8444-444444444444' }];
    renderSwitcher();
    const logo = await screen.findByRole('img', { name: 'Old Mill Joinery' });
    expect(logo.getAttribute('src')).toMatch(/^blob:/);
    // Mantine writes 96 and 32 px as rem: 6rem and 2rem.
    expect(logo.style.maxWidth).toBe('calc(6rem * var(--mantine-scale))');
    expect(logo.style.maxHeight).toBe('calc(2rem * var(--mantine-scale))');
    expect(calls).toContainEqual({ path: logoUrl });
    expect(screen.getByText('HA')).toBeInTheDocument();
  });
});
