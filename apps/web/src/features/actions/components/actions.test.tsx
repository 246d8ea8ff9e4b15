import type { Action } from '@formwork/shared/schemas/actions';
import { getDefaultZIndex } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../../test/axe.ts';
import { renderRoutes, renderWithProviders } from '../../../../test/render.tsx';
import { UnsavedChangesProvider } from '../../../components/ui/unsaved-changes.tsx';
import { formPath } from '../../../lib/form-paths.ts';
import { ActionModal } from './action-editor.tsx';
import { MyActionsButton } from './my-actions-button.tsx';

// Mantine's autosize textarea listens for font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

const workspaceId = '11111111-1111-4111-8111-111111111111';
const teamId = '22222222-2222-4222-8222-222222222222';
const formId = '33333333-3333-4333-8333-333333333333';
const me = { userId: '44444444-4444-4444-8444-444444444444', name: 'Tom Member' };

function action(overrides: Partial<Action> = {}): Action {
  return {
    actionId: '55555555-5555-4555-8555-555555555555',
    path: {
      workspace: { id: workspaceId, name: 'Acme' },
      project: { id: '66666666-6666-4666-8666-666666666666', name: 'Riverside' },
      team: { id: teamId, name: 'Electrical' },
    },
    formId,
    fieldId: 'acts',
    title: 'Secure the hoist',
    description: '',
    dueDate: null,
    priority: 'high',
    assignee: { userId: me.userId, name: me.name, email: 'tom@example.com' },
    state: 'assigned',
    stateLabel: 'Assigned',
    version: 1,
    createdBy: me.userId,
    createdAt: '2026-11-23T08:00:00.000Z',
    updatedBy: me.userId,
    updatedAt: '2026-11-23T08:00:00.000Z',
    assignedAt: '2026-11-23T08:00:00.000Z',
    completedBy: null,
    completedAt: null,
    access: { edit: true, assign: true, complete: true, reset: false },
    ...overrides,
  };
}

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string) => {
    if (path.startsWith('/api/me/actions')) return { actions: [action()], nextCursor: null };
    if (path === `/api/workspaces/${workspaceId}/actions/${action().actionId}`) return action();
    throw new Error(`unexpected ${path}`);
  }),
}));

describe('My actions (issue 14 item 7)', () => {
  it('links each action back to its form, closes on Escape and stays below dialogs', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <MemoryRouter>
        <MyActionsButton onOpen={() => {}} />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'My actions' });
    await waitFor(() => expect(button.querySelector('.mantine-Indicator-root')).toHaveTextContent('1'));
    await user.click(button);
    // The dropdown fades in (jsdom runs no transitions): it is read while still hidden.
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog).toHaveTextContent('Secure the hoist');
    const link = within(dialog).getByRole('link', { name: 'Open the form', hidden: true });
    expect(link).toHaveAttribute('href', formPath(teamId, formId));
    // Below any modal: a dialog opened from the page never has the popover over it.
    const zIndex = Number(dialog.style.zIndex);
    expect(zIndex).toBeLessThan(Number(getDefaultZIndex('modal')));

    // Escape closes it, with the focus still on the button that opened it (jsdom runs no
    // transitions, so the closing dropdown stays in the document: the button says it is closed).
    // The button is read again: the popover's code loaded on that first click, and the button
    // is now rendered inside it (components/ui/on-demand-floating.tsx).
    const opener = screen.getByRole('button', { name: 'My actions' });
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    opener.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveAttribute('aria-expanded', 'false'));
  });

  it("puts the popover's roles on the button, not on the count around it (axe aria-allowed-attr, issue 27)", async () => {
    const user = userEvent.setup();
    const { container } = await renderWithProviders(
      <MemoryRouter>
        <MyActionsButton onOpen={() => {}} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'My actions' }));
    await screen.findByRole('dialog', { hidden: true });
    const button = screen.getByRole('button', { name: 'My actions' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(await axeViolations(container)).toEqual([]);
  });
});

/** On a page of the app, inside the shell's unsaved-changes guard (as the app composes it). */
async function renderOnPage(ui: ReactElement) {
  await renderRoutes([
    {
      element: (
        <UnsavedChangesProvider>
          <Outlet />
        </UnsavedChangesProvider>
      ),
      children: [{ path: '/', element: ui }],
    },
  ]);
}

describe('action modal (issue 14 item 7)', () => {
  it('links back to the form the action came from and offers the viewer among the assignees', async () => {
    const user = userEvent.setup();
    await renderOnPage(
      <ActionModal
        actionRef={{ workspaceId, actionId: action().actionId }}
        people={[me, { userId: '77777777-7777-4777-8777-777777777777', name: 'Tara Controller' }]}
        onClose={() => {}}
        onNotFound={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Action', hidden: true });
    const link = await within(dialog).findByRole('link', { name: 'Open the form', hidden: true });
    expect(link).toHaveAttribute('href', formPath(teamId, formId));
    expect(dialog).not.toHaveTextContent(/for now you can assign to yourself/i);
    await user.click(within(dialog).getByLabelText('Assignee'));
    const listbox = await screen.findByRole('listbox', { name: 'Assignee', hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Tom Member', 'Tara Controller']);
    // Choosing the assignee it already has changes nothing: no Save, and leaving does not ask.
    await user.click(options[0] as HTMLElement);
    expect(within(dialog).queryByRole('button', { name: 'Save', hidden: true })).not.toBeInTheDocument();
  });
});
