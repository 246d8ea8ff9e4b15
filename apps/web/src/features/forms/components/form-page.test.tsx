import { formDetailSchema } from '@formwork/shared/schemas/forms';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { UnsavedChangesProvider } from '../../../components/ui/unsaved-changes.tsx';
import { FormPage, type FormPageContext } from './form-page.tsx';

const teamId = '11111111-1111-4111-8111-111111111111';
const formId = '22222222-2222-4222-8222-222222222222';
let serverVersion = 1;
let serverNote = 'First note';
const calls: { method: string; path: string; body?: unknown }[] = [];

function detail() {
  return fakeReply(formDetailSchema, {
    form: {
      formId,
      teamId,
      templateId: '33333333-3333-4333-8333-333333333333',
      templateVersion: 1,
      templateType: 'timeline',
      number: 7,
      title: 'Site Diary 7',
      state: 'active',
      version: serverVersion,
      values: { note: serverNote },
      textCells: {},
      formulaErrors: [],
      workflow: null,
      clonedFrom: null,
      createdBy: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedBy: null,
      updatedAt: '2026-01-01T00:00:00Z',
      archivedFolder: false,
      readOnly: false,
      access: {
        edit: true,
        archive: true,
        restore: false,
        delete: false,
        clone: true,
        workflowMove: false,
        workflowReset: false,
      },
    },
    template: {
      templateId: '33333333-3333-4333-8333-333333333333',
      name: 'Daily Site Diary',
      templateCode: 'DSD',
      formName: 'Site Diary',
      type: 'timeline',
      version: 1,
      definition: {
        fields: [{ id: 'note', type: 'singleLineText', label: 'Note', required: true }],
        logic: [],
        header: { items: [] },
        footer: { items: [] },
        workflow: null,
      },
    },
  });
}

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    calls.push({ method: options.method ?? 'GET', path, body: options.body });
    if ((options.method ?? 'GET') === 'PUT') {
      const { HttpError: Err } = await import('../../../lib/http.ts');
      // Someone else saved version 2 first.
      serverVersion = 2;
      serverNote = 'Their note';
      throw new Err(409, {
        type: '',
        title: 'stale',
        status: 409,
        code: 'staleVersion',
        meta: { currentVersion: 2 },
      } as never);
    }
    return detail();
  }),
}));

const context: FormPageContext = {
  companyId: '44444444-4444-4444-8444-444444444444',
  teamId,
  me: { userId: '55555555-5555-4555-8555-555555555555', name: 'Tom Member' },
  people: [],
  filePath: 'Acme > Riverside > Electrical',
};

/** The form page at its address, inside the shell's unsaved-changes guard (as the app composes it). */
async function renderFormPage() {
  return renderRoutes(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [
          { path: `/apps/teams/${teamId}/forms/${formId}`, element: <FormPage context={context} formId={formId} /> },
          { path: '/home/teams/:id/activity', element: <h1>Activity</h1> },
          { path: `/apps/teams/${teamId}/forms`, element: <h1>Forms</h1> },
        ],
      },
    ],
    { initialEntries: [`/apps/teams/${teamId}/forms/${formId}`] },
  );
}

describe('form page', { timeout: 30_000 }, () => {
  it('saves over the base version and, on a stale edit, offers to reload the new version', async () => {
    const user = userEvent.setup();
    await renderFormPage();
    const note = await screen.findByLabelText(/^Note/);
    expect(note).toHaveValue('First note');
    await user.clear(note);
    // Required and empty: the save is refused in the browser with the spec's message.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The form has invalid or incomplete data. Please check')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(note, 'My note');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ baseVersion: 1, values: { note: 'My note' } });

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('A new version is available (press Ok to refresh)');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    });
    await waitFor(() => expect(screen.getByLabelText(/^Note/)).toHaveValue('Their note'));
    expect(screen.getByText('Version 2')).toBeInTheDocument();
  });

  it('asks before leaving unsaved edits (a folder, Cancel); Keep editing keeps them', async () => {
    serverVersion = 1;
    serverNote = 'First note';
    const user = userEvent.setup();
    const router = await renderFormPage();
    const note = await screen.findByLabelText(/^Note/);
    await user.type(note, ' and more');

    // A folder in the navigation.
    await act(() => router.push(`/home/teams/${teamId}/activity`));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Note/)).toHaveValue('First note and more');

    // The footer's Cancel asks the same way; Discard changes leaves.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'Forms' })).toBeInTheDocument();
  });
});
