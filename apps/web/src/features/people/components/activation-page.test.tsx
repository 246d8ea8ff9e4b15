import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ActivationPage } from './activation-page.tsx';
import { PhoneWelcome } from './phone-welcome.tsx';

const auth = vi.hoisted(() => ({
  currentUser: vi.fn(async () => null),
  startSignIn: vi.fn(async () => {}),
  storeReturnTo: vi.fn(),
}));
vi.mock('../../../lib/auth.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/auth.ts')>()),
  ...auth,
}));

const companyId = '00000000-0000-4000-8000-000000000001';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

let posted: Record<string, unknown> | undefined;
beforeEach(() => {
  posted = undefined;
  for (const f of Object.values(auth)) f.mockClear();
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.includes('/api/activations/sso') && init?.method === 'POST') {
      posted = JSON.parse(String(init.body));
      return json({ email: 'sam@acme.example', ssoTicket: 'sso-ticket-1' });
    }
    if (url.includes('/api/activations/') && init?.method === 'POST') {
      posted = JSON.parse(String(init.body));
      return json({ email: 'nina@acme.example', signInTicket: 'ticket-1' });
    }
    if (url.includes('/api/activations/known') || url.includes('/api/activations/sso')) {
      const sso = url.includes('/api/activations/sso');
      return json({
        email: sso ? 'sam@acme.example' : 'nina@acme.example',
        companyId,
        companyName: 'Acme Construction',
        logoUrl: null,
        userType: 'contributor',
        existingUser: false,
        singleSignOn: sso,
      });
    }
    return json(
      { type: 'about:blank', title: 'Invalid activation code', status: 404, code: 'activationIdInvalid' },
      404,
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = (activationId = 'known') =>
  renderWithProviders(
    <MemoryRouter>
      <ActivationPage activationId={activationId} companyId={companyId} />
    </MemoryRouter>,
  );

const rule = (name: string) =>
  within(screen.getByRole('list', { name: 'Password rules' }))
    .getByText(name)
    .closest('li') as HTMLElement;

describe('activation page (issue 16.3, spec 2.7)', () => {
  it('leads through both steps: details, then the password with its checklist; back by the dots keeps what was typed', async () => {
    await render();
    expect(
      await screen.findByRole('heading', { name: 'Join Acme Construction' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('nina@acme.example');
    // Step 1 says what is missing before moving on.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('Please enter a valid name')).length).toBe(2);
    expect(screen.getByText('Please accept the Privacy Policy and Terms of Service.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Nina' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Newcomer' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile' }), { target: { value: '412 345 678' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2: each rule is ticked as the password meets it.
    await screen.findByRole('list', { name: 'Password rules' });
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    fireEvent.change(password, { target: { value: 'newcomer' } });
    expect(rule('A lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(rule('An uppercase letter')).toHaveAttribute('data-met', 'false');
    expect(rule('At least 10 characters')).toHaveAttribute('data-met', 'false');
    fireEvent.change(password, { target: { value: 'Newcomer-2026x' } });
    for (const name of ['At least 10 characters', 'A lowercase letter', 'An uppercase letter', 'A number']) {
      expect(rule(name)).toHaveAttribute('data-met', 'true');
    }

    // Back by the dots: step 1 keeps the details, Next returns to the password as typed.
    fireEvent.click(screen.getByRole('button', { name: 'Step 1' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Nina');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText(/^Password/, { selector: 'input' })).toHaveValue('Newcomer-2026x');

    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
      target: { value: 'Newcomer-2025x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Activate your account' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
      target: { value: 'Newcomer-2026x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Activate your account' }));
    await waitFor(() =>
      expect(auth.startSignIn).toHaveBeenCalledWith({ activationTicket: 'ticket-1', loginHint: 'nina@acme.example' }),
    );
    expect(posted).toMatchObject({
      firstName: 'Nina',
      lastName: 'Newcomer',
      mobile: '+61 412345678',
      acceptTerms: true,
    });
    // On a desktop the person lands on / once signed in.
    expect(auth.storeReturnTo).toHaveBeenCalledWith('/');
  }, 30_000);

  it('on a phone, lands on the welcome page once signed in (spec 2.7), which offers no app that is not built', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('pointer: coarse'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    await render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }, { timeout: 5000 }), {
      target: { value: 'Nina' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Newcomer' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile' }), { target: { value: '412 345 678' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'Newcomer-2026x' },
    });
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
      target: { value: 'Newcomer-2026x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Activate your account' }));
    await waitFor(() => expect(auth.storeReturnTo).toHaveBeenCalledWith('/welcome/mobile'));

    await renderWithProviders(
      <MemoryRouter>
        <PhoneWelcome />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Welcome to Formwork' })).toBeInTheDocument();
    // There is no mobile app yet: no store link and no 'Get the app' pretending there is one.
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/app/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  }, 30_000);

  it('a single sign-on address has step 1 only: Activate shows the redirection modal and goes to the company sign-in, with no password', async () => {
    await render('sso');
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }, { timeout: 5000 }), {
      target: { value: 'Sam' },
    });
    expect(
      screen.getByText(
        'Your organisation signs in with single sign-on: you will not set a password here. Activate takes you to your company sign-in to finish.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Step 2' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Single' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile' }), { target: { value: '412 345 678' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(auth.startSignIn).toHaveBeenCalledWith({ ssoTicket: 'sso-ticket-1', loginHint: 'sam@acme.example' }),
    );
    expect(
      await screen.findByText(
        'Your organisation signs in with single sign-on. Redirecting you to your company sign-in...',
      ),
    ).toBeInTheDocument();
    expect(posted).toMatchObject({ firstName: 'Sam', lastName: 'Single', mobile: '+61 412345678', isSSOSignUp: true });
    expect(posted).not.toHaveProperty('newPassword');
    expect(screen.queryByLabelText(/^Password/, { selector: 'input' })).toBeNull();
    expect(auth.storeReturnTo).toHaveBeenCalledWith('/');
  }, 30_000);

  it('sends an anonymous visitor with an unknown link to sign-in with the message', async () => {
    await render('unknown');
    await waitFor(() => expect(auth.startSignIn).toHaveBeenCalledWith({ notice: 'activationIdInvalid' }));
  }, 20_000);
});
