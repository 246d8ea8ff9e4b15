import { Button, Modal, TextInput } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { UnsavedChangesProvider, useUnsavedChangesGuard } from './unsaved-changes.tsx';

/** A small editor: a name, dirty once changed; Save keeps it and goes to the list. */
function Editor({ withSave = false }: { withSave?: boolean }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState('Pump 1');
  const [name, setName] = useState('Pump 1');
  const save = async () => {
    setSaved(name);
    return true;
  };
  const guard = useUnsavedChangesGuard(name !== saved, withSave ? { onSave: save } : {});
  return (
    <>
      <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Link to="/list">Folder list</Link>
      <Link to="/edit?actionId=1">Open an action</Link>
      <Button
        onClick={async () => {
          await save();
          guard.leaveWithoutAsking(() => navigate('/list'));
        }}
      >
        Save and close
      </Button>
    </>
  );
}

/** A modal editor (as the action and profile modals): its own close asks while it has edits. */
function ModalEditor() {
  const [opened, setOpened] = useState(true);
  const [title, setTitle] = useState('');
  const guard = useUnsavedChangesGuard(title !== '');
  const close = () => guard.confirmLeave(() => setOpened(false));
  return opened ? (
    <Modal opened onClose={close} title="New action">
      <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <Button onClick={close}>Cancel</Button>
    </Modal>
  ) : (
    <p>Modal closed</p>
  );
}

async function renderAt(path: string, editor = <Editor />) {
  return renderRoutes(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [
          { path: '/list', element: <h1>The list</h1> },
          { path: '/edit', element: editor },
        ],
      },
    ],
    { initialEntries: ['/list', path], initialIndex: 1 },
  );
}

const beforeUnloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useUnsavedChangesGuard', { timeout: 30_000 }, () => {
  it('asks before a link leaves unsaved edits; Keep editing stays with the edits', async () => {
    const user = userEvent.setup();
    const router = await renderAt('/edit');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Pump 2');
    await user.click(screen.getByRole('link', { name: 'Folder list' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave without saving them?');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(router.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Name')).toHaveValue('Pump 2');
  });

  it('Discard changes goes on to where the user was going', async () => {
    const user = userEvent.setup();
    const router = await renderAt('/edit');
    await user.type(screen.getByLabelText('Name'), ' changed');
    await user.click(screen.getByRole('link', { name: 'Folder list' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/list');
  });

  it('asks on browser back too, and lets query-parameter changes (a modal) through', async () => {
    const user = userEvent.setup();
    const router = await renderAt('/edit');
    await user.type(screen.getByLabelText('Name'), ' changed');
    await user.click(screen.getByRole('link', { name: 'Open an action' }));
    expect(router.location.search).toBe('?actionId=1');
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();

    await act(() => router.go(-2));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(router.location.pathname).toBe('/edit'));
    expect(screen.getByLabelText('Name')).toHaveValue('Pump 1 changed');
  });

  it('guards closing the tab only while there are unsaved edits', async () => {
    const user = userEvent.setup();
    await renderAt('/edit');
    expect(beforeUnloadPrevented()).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'x');
    await waitFor(() => expect(beforeUnloadPrevented()).toBe(true));
    await user.type(screen.getByLabelText('Name'), '{Backspace}');
    await waitFor(() => expect(beforeUnloadPrevented()).toBe(false));
  });

  it('does not ask for the navigation that follows a save', async () => {
    const user = userEvent.setup();
    const router = await renderAt('/edit');
    await user.type(screen.getByLabelText('Name'), ' saved');
    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/list');
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it('offers Save when the editor can save; saving goes on', async () => {
    const user = userEvent.setup();
    const router = await renderAt('/edit', <Editor withSave />);
    await user.type(screen.getByLabelText('Name'), ' saved');
    await user.click(screen.getByRole('link', { name: 'Folder list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes. Save them before leaving?');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/list');
  });

  it("asks before a modal editor's own close discards its edits", async () => {
    const user = userEvent.setup();
    await renderAt('/edit', <ModalEditor />);
    // Nothing typed: closes at once.
    await user.type(screen.getByLabelText('Title'), 'Fix the hoist');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).toHaveValue('Fix the hoist');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('Modal closed')).toBeInTheDocument();
  });
});
