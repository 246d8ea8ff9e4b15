import { formDetailSchema } from '@formwork/shared/schemas/forms';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { UnsavedChangesProvider } from '../../../components/ui/unsaved-changes.tsx';
import { FormPage, type FormPageContext } from './form-page.tsx';

// jsdom has no canvas: a drawing context that draws nothing, and a PNG of a few bytes (as form-fields.test).
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  return new Proxy({}, { get: (_target, key) => (key === 'canvas' ? this : () => undefined), set: () => true });
} as unknown as HTMLCanvasElement['getContext'];
HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
  callback(new Blob(['png'], { type: 'image/png' }));
};

const teamId = '11111111-1111-4111-8111-111111111111';
const formId = '22222222-2222-4222-8222-222222222222';
const fileId = '66666666-6666-4666-8666-666666666666';
const calls: { method: string; path: string; body?: unknown }[] = [];
let finishUpload: (() => void) | undefined;

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
      version: 1,
      values: { note: 'First note' },
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
        fields: [
          { id: 'note', type: 'singleLineText', label: 'Note', required: true },
          { id: 'sig', type: 'manualSignature', label: 'Supervisor signature', required: true },
        ],
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
    return detail();
  }),
  // The signature's upload answers only when the test lets it.
  apiUpload: vi.fn(
    () =>
      new Promise((resolve) => {
        finishUpload = () => resolve({ fileId, url: `/files/${fileId}` });
      }),
  ),
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

describe('form page while a file uploads', { timeout: 30_000 }, () => {
  it('Save pressed while a signature is still uploading waits for it, then saves it', async () => {
    const user = userEvent.setup();
    await renderFormPage();
    await screen.findByLabelText(/^Note/);
    await user.type(screen.getByLabelText('Type your full name'), '{Control>}a{/Control}Tom Member');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(finishUpload).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(screen.queryByText('The form has invalid or incomplete data. Please check')).toBeNull();

    finishUpload?.();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      baseVersion: 1,
      values: { note: 'First note', sig: { fileId, signerName: 'Tom Member' } },
    });
  });
});
