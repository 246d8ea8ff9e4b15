import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render.tsx';
import { UnsavedChangesProvider } from '../../../components/ui/unsaved-changes.tsx';
import { EditProfileModal } from './edit-profile-modal.tsx';

const me = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'tom@acme.example',
  firstName: 'Tom',
  lastName: 'Member',
  mobile: null as string | null,
  timeZone: null as string | null,
  locale: 'en-US',
  pictureUrl: null,
  pendingEmail: null as string | null,
  isAdmin: false,
  isSso: false,
  isVisitorOnly: false,
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

/** The API as the modal sees it: /api/me, its PATCH, the signature and the e-mail change. */
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body });
    if (url === '/api/me' && method === 'PATCH') return json({ ...me, ...(body as object) });
    if (url === '/api/me/signature' && method === 'GET') return json({ signature: null });
    if (url.startsWith('/api/me/signature') && method === 'PUT')
      return json({ status: 415, code: 'unsupportedMediaType', title: 'x', errors: [] }, 415);
    if (url === '/api/me/email-change') return json({ ...me, pendingEmail: (body as { email: string }).email }, 202);
    return json(me);
  });
});
afterEach(() => vi.unstubAllGlobals());

async function openProfile() {
  await renderRoutes([
    {
      path: '/',
      element: (
        <UnsavedChangesProvider>
          <EditProfileModal opened onClose={() => {}} />
        </UnsavedChangesProvider>
      ),
    },
  ]);
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

describe('edit profile (issue 16.4): mobile with country code, time zone, locale', () => {
  it('saves the mobile with its country code (61 by default) and the chosen language', async () => {
    await openProfile();
    expect(screen.getAllByLabelText('Country code')[0]).toHaveValue('+61 AU');
    const mobile = screen.getByRole('textbox', { name: 'Mobile' });
    fireEvent.change(mobile, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid mobile number - incorrect length.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(mobile, { target: { value: '0412 345 678' } });
    await userEvent.click(screen.getAllByLabelText('Language')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'English (Australia)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeDefined());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Tom',
      lastName: 'Member',
      mobile: '+61 412345678',
      timeZone: null,
      locale: 'en-AU',
    });
  }, 20_000);
});

describe('edit profile (issue 16.4): e-mail change and signature', () => {
  it('sends the link to the new address and says the current one stays until it is opened', async () => {
    await openProfile();
    await userEvent.click(screen.getByRole('tab', { name: 'Email' }));
    const input = await screen.findByRole('textbox', { name: 'New email' });
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText('Please enter a valid email address in the format name@example.com.'),
    ).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'tom.new@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(/A confirmation link was sent to tom.new@acme.example/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/me/email-change')?.body).toEqual({ email: 'tom.new@acme.example' });
  }, 20_000);

  it("says 'Unable to upload signature' when the upload is refused", async () => {
    await openProfile();
    await userEvent.click(screen.getByRole('tab', { name: 'Signature' }));
    expect(await screen.findByText('You have no saved signature yet.')).toBeInTheDocument();
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(['gif'], 'sig.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Unable to upload signature')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/me/signature?source=uploaded')).toBe(true);
  }, 20_000);
});
