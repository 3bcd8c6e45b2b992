import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE, type Role } from '@sukoon/shared';
import { renderWithQuery, stubApi } from '../../testing/render';
import { AuthDialog } from './auth-dialog';
import { SessionProvider } from './session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const USER = {
  id: '00000000-0000-4000-8000-0000000000c1',
  email: 'meera@example.test',
  username: 'meera_k',
  avatarUrl: null,
};

function renderRegistration(role: Role) {
  const calls = stubApi((call) => {
    if (call.path === '/api/config') {
      return {
        data: { demo: false, payments: { provider: 'sandbox', keyId: null, testMode: true } },
      };
    }
    if (call.path === '/api/users/register') {
      return {
        status: 201,
        data: { message: 'Registered', verificationRequired: true },
      };
    }
    return { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } };
  });
  renderWithQuery(
    <SessionProvider>
      <AuthDialog role={role} onCancel={vi.fn()} />
    </SessionProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Register here' }));
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  type('Username', 'meera_k');
  type('Email', USER.email);
  type('Password', 'monsoon-kettle-42');
  type('Confirm password', 'monsoon-kettle-42');
  if (role === 'psychologist') type('Psychologist code', 'E2E-Laptop-2026');
  return calls;
}

describe('registration consent', () => {
  it.each<Role>(['patient', 'psychologist'])(
    'a %s cannot register until the privacy notice is agreed to, and the request says so',
    async (role) => {
      const calls = renderRegistration(role);
      const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create Account' });
      const consent = screen.getByRole<HTMLInputElement>('checkbox', { name: /^I agree/ });
      // Every other field is valid: only the consent holds the button back.
      expect(consent.checked).toBe(false);
      expect(create.disabled).toBe(true);
      expect(screen.getByRole('heading', { name: PRIVACY_NOTICE.title })).toBeTruthy();
      expect(
        screen.getByText(/withdraw your consent at any time by deleting your account/),
      ).toBeTruthy();
      fireEvent.click(consent);
      expect(create.disabled).toBe(false);
      fireEvent.click(consent);
      expect(create.disabled).toBe(true);
      fireEvent.click(consent);
      fireEvent.click(create);

      await screen.findByRole('heading', { name: 'Verify Your Email' });
      const register = calls.find((call) => call.path === '/api/users/register');
      expect(register?.body).toMatchObject({ username: 'meera_k', role, consent: true });
    },
  );

  it('goes on to the code for the email as typed, and tells an existing owner to look for another email', async () => {
    renderRegistration('patient');
    fireEvent.click(screen.getByRole('checkbox', { name: /^I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const verify = within(await screen.findByRole('dialog', { name: 'Verify Your Email' }));
    expect(verify.getByText(USER.email)).toBeTruthy();
    expect(
      verify.getByText(/Already have a Sukoon account with this email\? Then we sent no code/),
    ).toBeTruthy();
  });

  it('shows the notice points on request, as text', () => {
    renderRegistration('patient');
    const notice = within(screen.getByRole('region', { name: PRIVACY_NOTICE.title }));
    const toggle = notice.getByRole('button', { name: 'Read the privacy notice' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(notice.queryAllByRole('listitem')).toEqual([]);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toContain('Hide the privacy notice');
    expect(notice.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      PRIVACY_NOTICE.points,
    );
  });

  it('is not asked for when signing in', async () => {
    stubApi(() => ({
      data: { demo: false, payments: { provider: 'sandbox', keyId: null, testMode: true } },
    }));
    renderWithQuery(
      <SessionProvider>
        <AuthDialog role="patient" onCancel={vi.fn()} />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy());
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText(PRIVACY_NOTICE.title)).toBeNull();
  });
});
