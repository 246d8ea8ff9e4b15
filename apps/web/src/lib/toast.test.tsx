import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { showToast } from './toast.tsx';

describe('toasts (spec 8.2)', () => {
  it('show once even when raised twice, with a close button', async () => {
    await renderWithProviders(<div />);
    act(() => {
      showToast('error', 'Folder could not be saved');
      showToast('error', 'Folder could not be saved');
    });
    await waitFor(() => expect(screen.getAllByText('Folder could not be saved')).toHaveLength(1));
    const alert = screen.getByText('Folder could not be saved').closest('[role="alert"]');
    expect(alert?.querySelector('button')).toBeTruthy();
  });

  it('name their close button (axe button-name, issue 27)', async () => {
    await renderWithProviders(<div />);
    act(() => showToast('success', 'Form saved'));
    await waitFor(() => expect(screen.getByText('Form saved')).toBeInTheDocument());
    const alert = screen.getByText('Form saved').closest('[role="alert"]');
    expect(alert?.querySelector('button')).toHaveAccessibleName('Close');
  });
});
