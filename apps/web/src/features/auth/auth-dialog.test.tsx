import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE, type Role } from '@sukoon/shared';
import type { ApiCall } from '../../testing/render';
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
  fullName: null,
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
      <AuthDialog role={role} onCancel={vi.fn()} onContinueAs={vi.fn()} />
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

  it('sends a patient’s full name, printed on their receipts, and refuses one no person has', async () => {
    const calls = renderRegistration('patient');
    fireEvent.click(screen.getByRole('checkbox', { name: /^I agree/ }));
    const fullName = screen.getByLabelText('Full name', { exact: false });
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create Account' });
    expect(screen.getByText('Printed on your receipts')).toBeTruthy();
    fireEvent.change(fullName, { target: { value: 'Meera <b>' } });
    fireEvent.blur(fullName);
    expect(fullName.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Full name can hold letters/)).toBeTruthy();
    expect(create.disabled).toBe(true);
    fireEvent.change(fullName, { target: { value: ' Meera Kapoor ' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    await screen.findByRole('heading', { name: 'Verify Your Email' });
    const register = calls.find((call) => call.path === '/api/users/register');
    expect(register?.body).toMatchObject({ role: 'patient', fullName: 'Meera Kapoor' });
  });

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
        <AuthDialog role="patient" onCancel={vi.fn()} onContinueAs={vi.fn()} />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy());
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText(PRIVACY_NOTICE.title)).toBeNull();
  });
});

const CONFIG = {
  data: { demo: true, payments: { provider: 'sandbox', keyId: null, testMode: true } },
};

type Reply = {
  status?: number;
  data?: unknown;
  error?: { code: string; message: string; field?: string };
};

function renderDialog(role: Role, answer: (call: ApiCall) => Reply | undefined = () => undefined) {
  const calls = stubApi((call) => {
    if (call.path === '/api/config') return CONFIG;
    return answer(call) ?? { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } };
  });
  const onContinueAs = vi.fn();
  renderWithQuery(
    <SessionProvider>
      <AuthDialog role={role} onCancel={vi.fn()} onContinueAs={onContinueAs} />
    </SessionProvider>,
  );
  return { calls, onContinueAs };
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });

/** The field is marked invalid and its description (what a screen reader reads with it) is `text`. */
function expectFieldError(label: string, text: string) {
  const field = input(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const described = (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '');
  expect(described[0]).toContain(text);
}

function fillRegistration(role: Role, password = 'monsoon-kettle-42') {
  fireEvent.click(screen.getByRole('button', { name: 'Register here' }));
  type('Username', 'meera_k');
  type('Email', USER.email);
  type('Password', password);
  type('Confirm password', password);
  if (role === 'psychologist') type('Psychologist code', 'E2E-Laptop-2026');
  fireEvent.click(screen.getByRole('checkbox', { name: /^I agree/ }));
}

describe('registration errors, each at its field', () => {
  it('says what is wrong with an email once the field is left, and keeps Create Account off', () => {
    renderDialog('patient');
    fillRegistration('patient');
    type('Email', 'meera@');
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create Account' });
    expect(create.disabled).toBe(true);
    // Not while typing...
    expect(input('Email').getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(input('Email'));
    // ...but once the field is left: one message, at the field.
    expectFieldError('Email', 'Invalid email format');
    expect(screen.getAllByText('Invalid email format')).toHaveLength(1);
    type('Email', USER.email);
    expect(input('Email').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Invalid email format')).toBeNull();
    expect(create.disabled).toBe(false);
  });

  it('shows a username format error as an error, not as the hint', () => {
    renderDialog('patient');
    fireEvent.click(screen.getByRole('button', { name: 'Register here' }));
    type('Username', 'meera k');
    fireEvent.blur(input('Username'));
    expectFieldError('Username', 'Username may contain only letters, digits and underscore');
    // The hint still says what is allowed, after the error.
    expect(screen.getByText('3 or more letters, digits or underscores')).toBeTruthy();
  });

  it('marks a confirmation that does not match, described by the live hint', () => {
    renderDialog('patient');
    fireEvent.click(screen.getByRole('button', { name: 'Register here' }));
    type('Password', 'monsoon-kettle-42');
    type('Confirm password', 'monsoon-kettle-4');
    expectFieldError('Confirm password', 'Passwords do not match');
    expect(screen.getAllByText('Passwords do not match')).toHaveLength(1);
  });

  it.each<[string, Role, Reply['error'] & object, string]>([
    [
      'a common password',
      'patient',
      {
        code: 'WEAK_PASSWORD',
        message:
          'This password is one of the most common and easy to guess. Please choose another.',
        field: 'password',
      },
      'Password',
    ],
    [
      'a bad institution code',
      'psychologist',
      {
        code: 'INVALID_PSYCHOLOGIST_CODE',
        message: 'Invalid or expired psychologist code. Please check the code and try again.',
        field: 'psychologist_code',
      },
      'Psychologist code',
    ],
    [
      'a taken username',
      'patient',
      {
        code: 'USERNAME_TAKEN',
        message: 'That username is taken. Please choose another.',
        field: 'username',
      },
      'Username',
    ],
    [
      'an email the server refuses',
      'patient',
      {
        code: 'VALIDATION_FAILED',
        message: 'body.email: Invalid email format',
        field: 'email',
      },
      'Email',
    ],
  ])(
    'shows the server refusing %s at its field, with its one message',
    async (_, role, error, label) => {
      renderDialog(role, (call) =>
        call.path === '/api/users/register'
          ? { status: error.code === 'WEAK_PASSWORD' ? 422 : 400, error }
          : undefined,
      );
      fillRegistration(role);
      fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
      const text = error.message.replace(/^body\.\w+: /, '');
      await waitFor(() => expectFieldError(label, text));
      expect(screen.getAllByText(text)).toHaveLength(1);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText(/Invalid email format or weak password/)).toBeNull();
      // The field takes focus, so its message is read out; changing the value answers it.
      expect(document.activeElement).toBe(input(label));
      type(label, 'something_else1');
      expect(input(label).getAttribute('aria-invalid')).toBeNull();
    },
  );

  it('keeps refusals about no one field above the button', async () => {
    renderDialog('patient', (call) =>
      call.path === '/api/users/login'
        ? {
            status: 401,
            error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
          }
        : undefined,
    );
    type('Email', USER.email);
    type('Password', 'not-it-at-all');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(input('Email').getAttribute('aria-invalid')).toBeNull();
  });
});

const SIGNED_IN = (role: Role) => ({
  token: 'opaque-token-of-forty-three-characters-long',
  user: { ...USER, role },
});

describe('an account of the other role', () => {
  it.each<[Role, Role, string]>([
    ['psychologist', 'patient', 'This is a patient account'],
    ['patient', 'psychologist', 'This is a psychologist account'],
  ])(
    'signing in through the %s card with a %s account says so and offers that dashboard',
    async (card, account, message) => {
      const { onContinueAs } = renderDialog(card, (call) =>
        call.path === '/api/users/login' ? { data: SIGNED_IN(account) } : undefined,
      );
      type('Email', USER.email);
      type('Password', 'monsoon-kettle-42');
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByText(message)).toBeTruthy();
      const label = account === 'patient' ? 'Patient' : 'Psychologist';
      const go = screen.getByRole('button', { name: `Continue to ${label} Dashboard` });
      await waitFor(() => expect(document.activeElement).toBe(go));
      fireEvent.click(go);
      expect(onContinueAs).toHaveBeenCalledWith(account);
    },
  );

  it('lets the visitor sign out and sign in with an account of the card’s role instead', async () => {
    renderDialog('psychologist', (call) => {
      if (call.path === '/api/users/login') return { data: SIGNED_IN('patient') };
      if (call.path === '/api/users/logout') return { data: { loggedOut: true } };
      return undefined;
    });
    type('Email', USER.email);
    type('Password', 'monsoon-kettle-42');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Sign in with a psychologist account' }),
    );
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});

describe('verifying an email', () => {
  it('signs the owner in after the success message, without asking for the password again', async () => {
    const { calls } = renderDialog('patient', (call) => {
      if (call.path === '/api/users/register')
        return { status: 201, data: { message: 'Registered', verificationRequired: true } };
      if (call.path === '/api/otp/verify')
        return { data: { message: 'Email verified successfully!', ...SIGNED_IN('patient') } };
      return undefined;
    });
    fillRegistration('patient');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const verify = within(await screen.findByRole('dialog', { name: 'Verify Your Email' }));
    fireEvent.paste(verify.getByLabelText('Digit 1 of 6'), {
      clipboardData: { getData: () => '123456' },
    });
    fireEvent.click(verify.getByRole('button', { name: 'Verify Email' }));
    expect(await verify.findByText('Email verified successfully!')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/otp/verify')?.body).toEqual({
      email: USER.email,
      otp_code: '123456',
    });
    await waitFor(
      () => expect(window.localStorage.getItem('authToken')).toBe(SIGNED_IN('patient').token),
      { timeout: 3000 },
    );
    expect(JSON.parse(window.localStorage.getItem('authUser') ?? 'null')).toMatchObject({
      email: USER.email,
      role: 'patient',
    });
  });
});
