import { ActionIcon, Button, Menu, Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';

/** A row with a menu whose item opens a dialog, as the folder, template and tab rows have. */
function RowWithMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button>Before</Button>
      <Menu withinPortal returnFocus={false}>
        <Menu.Target>
          <ActionIcon aria-label="Options for Civil Works">...</ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpen(true)}>Archive</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={open} onClose={() => setOpen(false)} title="Archive Civil Works?">
        <Button onClick={() => setOpen(false)}>Archive</Button>
      </Modal>
    </>
  );
}

async function openDialogFromMenu() {
  const user = userEvent.setup();
  await renderWithProviders(<RowWithMenu />);
  const opener = screen.getByRole('button', { name: 'Options for Civil Works' });
  await user.click(opener);
  await user.click(await screen.findByRole('menuitem', { name: 'Archive' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Archive Civil Works?' }, { timeout: 5000 });
  return { user, opener, dialog };
}

describe('dialogs, everywhere (theme defaults)', () => {
  it('close buttons have an accessible name', async () => {
    const { dialog } = await openDialogFromMenu();
    expect(dialog.querySelector('.mantine-Modal-close')).toHaveAccessibleName('Close');
  }, 20_000);

  it('Escape returns focus to the control that opened the menu, not the page top', async () => {
    const { user, opener } = await openDialogFromMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    await waitFor(() => expect(opener).toHaveFocus());
  }, 20_000);
});
