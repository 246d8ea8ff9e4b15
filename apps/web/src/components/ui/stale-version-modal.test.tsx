import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { StaleVersionModal } from './stale-version-modal.tsx';

describe('StaleVersionModal', () => {
  it('keeps the edits on Cancel and loads the latest version on Ok', async () => {
    const onCancel = vi.fn();
    const onReload = vi.fn();
    await renderWithProviders(
      <StaleVersionModal
        opened
        title="This form has changed"
        message="A new version is available"
        onCancel={onCancel}
        onReload={onReload}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'This form has changed' });
    expect(dialog).toHaveTextContent('A new version is available');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
