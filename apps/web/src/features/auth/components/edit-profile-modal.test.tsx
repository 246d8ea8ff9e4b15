import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { UnsavedChangesProvider } from '../../../components/ui/unsaved-changes.tsx';
import { EditProfileModal } from './edit-profile-modal.tsx';

const me = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'tom@acme.example',
  firstName: 'Tom',
  lastName: 'Member',
  mobile: null,
  isAdmin: false,
  isSso: false,
  isVisitorOnly: false,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(me), { headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function openProfile() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <UnsavedChangesProvider>
          <EditProfileModal opened onClose={() => {}} />
        </UnsavedChangesProvider>
      ),
    },
  ]);
  await renderWithProviders(<RouterProvider router={router} />);
  const firstName = await screen.findByRole('textbox', { name: /First name/ }, { timeout: 5000 });
  await vi.waitFor(() => expect(firstName).toHaveValue('Tom'));
  return firstName;
}

describe('edit profile: a name error says which rule', () => {
  it('an empty name is required, a 500-character one is too long', async () => {
    const firstName = await openProfile();
    fireEvent.change(firstName, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();

    fireEvent.change(firstName, { target: { value: 'T'.repeat(500) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A name can be at most 100 characters')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid name')).not.toBeInTheDocument();
  }, 20_000);
});
