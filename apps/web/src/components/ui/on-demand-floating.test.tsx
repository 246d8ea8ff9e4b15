import { ActionIcon, Button } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { Menu, Tooltip } from './on-demand-floating.tsx';

// The parts arrive when the test says so: what the first screen does before they are there is seen.
let arrive: () => void = () => {};
const arrived = new Promise<void>((resolve) => {
  arrive = resolve;
});
const requested = vi.fn();
vi.mock('./floating-parts.ts', async (importOriginal) => {
  requested();
  await arrived;
  return importOriginal();
});

function Page() {
  return (
    <>
      <Tooltip label="Chat with us">
        <ActionIcon aria-label="Chat">C</ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button>Options</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Folders</Menu.Label>
          <Menu.Item>Select Folders</Menu.Item>
          <Menu.Item>Show Archived</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

describe('menus and tooltips on first use (issue 15.4)', () => {
  it('render the same targets first, load on first use, and keep what the user did meanwhile', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Page />);
    // The first screen: the buttons, a menu button that says so, no floating code asked for.
    const options = screen.getByRole('button', { name: 'Options' });
    expect(options).toHaveAttribute('aria-haspopup', 'menu');
    expect(options).toHaveAttribute('aria-expanded', 'false');
    expect(requested).not.toHaveBeenCalled();

    // Hovering the tooltip's target asks for the parts; the keyboard opens the menu before they arrive.
    await user.hover(screen.getByRole('button', { name: 'Chat' }));
    expect(requested).toHaveBeenCalledTimes(1);
    await user.tab();
    await user.tab();
    expect(options).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument();

    await act(async () => arrive());
    // The menu opens on its first item, and the tooltip of the hovered target shows.
    const first = await screen.findByRole('menuitem', { name: 'Select Folders', hidden: true });
    await waitFor(() => expect(first).toHaveFocus());
    expect(await screen.findByText('Chat with us')).toBeInTheDocument();

    // Escape closes it and gives the focus back to the button; Enter opens it again.
    await user.keyboard('{Escape}');
    const again = screen.getByRole('button', { name: 'Options' });
    await waitFor(() => expect(again).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(again).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(again).toHaveAttribute('aria-expanded', 'true'));
    await new Promise((r) => setTimeout(r, 300));
    console.log(
      'ACTIVE',
      document.activeElement?.outerHTML.slice(0, 200),
      screen.getAllByRole('menuitem', { hidden: true }).length,
    );
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Select Folders', hidden: true })).toHaveFocus());
    expect(requested).toHaveBeenCalledTimes(1);
  });

  it('once the parts are there, a menu renders them at once and opens on a click', async () => {
    // The parts are loaded by now (the test above).
    const user = userEvent.setup();
    await renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(await screen.findByRole('menuitem', { name: 'Show Archived', hidden: true })).toBeInTheDocument();
  });
});
