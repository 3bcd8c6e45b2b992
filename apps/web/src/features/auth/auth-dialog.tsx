import { useCallback, useId, useState, type FormEvent } from 'react';
import {
  Email,
  NewPassword,
  SPECIALIZATIONS,
  Username,
  type RegisterBody,
  type Role,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { PrivacyNotice } from '../../components/ui/privacy-notice';
import { Notice, PasswordField, SelectField, TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { authErrorText } from './auth-messages';
import { useDemoLogin, useLogin, usePublicConfig, useRegister } from './auth-api';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasswordHints } from './password-hints';
import { VerifyEmailDialog } from './verify-email-dialog';

const ROLE_LABEL: Record<Role, string> = { patient: 'Patient', psychologist: 'Psychologist' };

interface AuthDialogProps {
  role: Role;
  /** The visitor closed the dialog without signing in. */
  onCancel: () => void;
}

type Screen = 'auth' | 'verify' | 'forgot';

const EMPTY_FORM = {
  username: '',
  email: '',
  password: '',
  confirm: '',
  code: '',
  fullName: '',
  phone: '',
  specialization: '',
};

/**
 * Sign in or register for a role, with the follow-up dialogs (verify email, forgot/reset password).
 * Signing in stores the session; the page flow then shows the dashboard.
 */
export function AuthDialog({ role, onCancel }: AuthDialogProps) {
  const [screen, setScreen] = useState<Screen>('auth');
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [form, setForm] = useState(EMPTY_FORM);
  // Consent to the privacy notice: required to register, sent as `consent: true`.
  const [consent, setConsent] = useState(false);
  const consentHintId = useId();
  const [error, setError] = useState<{ text: string; code: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [verifyEmail, setVerifyEmail] = useState({ email: '', codeJustSent: false });
  const login = useLogin();
  const register = useRegister();
  const demoLogin = useDemoLogin();
  const config = usePublicConfig();

  const field = (name: keyof typeof EMPTY_FORM) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const switchMode = (next: 'login' | 'register') => {
    setMode(next);
    setError(null);
    setNotice(null);
  };

  const fail = (flow: 'login' | 'register', failure: unknown) =>
    setError({
      text: authErrorText(flow, failure),
      code: failure instanceof ApiError ? failure.code : 'UNKNOWN',
    });

  const usernameOk = Username.safeParse(form.username).success;
  const emailOk = Email.safeParse(form.email).success;
  const passwordOk = NewPassword.safeParse(form.password).success;
  const matches = form.password === form.confirm;
  const canRegister =
    usernameOk &&
    emailOk &&
    passwordOk &&
    matches &&
    form.confirm !== '' &&
    consent &&
    (role === 'patient' || form.code.trim() !== '');
  const canLogin = form.email.trim() !== '' && form.password !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (mode === 'login') {
      login.mutate(
        { email: form.email, password: form.password },
        { onError: (failure) => fail('login', failure) },
      );
      return;
    }
    if (!matches) return setError({ text: 'Passwords do not match', code: 'CLIENT' });
    // A psychologist's Full name and Specialization start their profile (issue 17 §2: patients see
    // the name, never the username). The phone number stays in the form, as the specification says.
    const fullName = form.fullName.trim();
    const body: RegisterBody = {
      username: form.username,
      email: form.email,
      password: form.password,
      role,
      ...(role === 'psychologist'
        ? {
            psychologist_code: form.code.trim(),
            ...(fullName ? { fullName } : {}),
            ...(form.specialization
              ? { specialization: form.specialization as RegisterBody['specialization'] }
              : {}),
          }
        : {}),
      consent: true,
    };
    register.mutate(body, {
      // The answer is the same whether or not the email was new (an owner gets an email instead), so
      // the next step is always the code sent to the address as typed.
      onSuccess: () => {
        setVerifyEmail({ email: body.email.trim(), codeJustSent: true });
        setScreen('verify');
      },
      onError: (failure) => fail('register', failure),
    });
  };

  const onVerified = useCallback(() => {
    setForm((current) => ({ ...EMPTY_FORM, email: current.email }));
    setConsent(false);
    setMode('login');
    setError(null);
    setNotice('Email verified. Please sign in with your password.');
    setScreen('auth');
  }, []);

  const onResetDone = useCallback((email: string) => {
    setForm({ ...EMPTY_FORM, email });
    setConsent(false);
    setMode('login');
    setError(null);
    setNotice('Your password was reset. Please sign in with the new password.');
    setScreen('auth');
  }, []);

  const busy = login.isPending || register.isPending || demoLogin.isPending;
  const title = `${ROLE_LABEL[role]} ${mode === 'login' ? 'Login' : 'Registration'}`;

  return (
    <>
      <Modal
        open={screen === 'auth'}
        onOpenChange={(open) => !open && onCancel()}
        title={title}
        description={
          mode === 'login'
            ? 'Sign in to continue to your dashboard.'
            : role === 'psychologist'
              ? 'Create your account with the code your institution gave you.'
              : 'Create your account to book and manage your sessions.'
        }
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          {notice && <Notice tone="success">{notice}</Notice>}
          {mode === 'register' && (
            <TextField
              label="Username"
              autoComplete="username"
              {...field('username')}
              hint={
                form.username && !usernameOk
                  ? (Username.safeParse(form.username).error?.issues[0]?.message ?? '')
                  : '3 or more letters, digits or underscores'
              }
            />
          )}
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          {mode === 'register' && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Full name" optional autoComplete="name" {...field('fullName')} />
                <TextField
                  label="Phone number"
                  optional
                  type="tel"
                  autoComplete="tel"
                  {...field('phone')}
                />
              </div>
              {role === 'psychologist' && (
                <>
                  <SelectField label="Specialization" optional {...field('specialization')}>
                    <option value="">Choose a specialization</option>
                    {SPECIALIZATIONS.map((value) => (
                      <option key={value} value={value}>
                        {value[0]!.toUpperCase() + value.slice(1)}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label="Psychologist code"
                    autoComplete="off"
                    spellCheck={false}
                    {...field('code')}
                    hint="Issued by your institution. It is case-sensitive and can be used once."
                  />
                </>
              )}
            </>
          )}
          <PasswordField
            label="Password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            {...field('password')}
          />
          {mode === 'register' && (
            <>
              <PasswordField
                label="Confirm password"
                autoComplete="new-password"
                {...field('confirm')}
              />
              <PasswordHints password={form.password} confirm={form.confirm} />
              <PrivacyNotice />
              <div>
                <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={consent}
                    onChange={(event) => setConsent(event.target.checked)}
                    aria-describedby={consentHintId}
                    className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  />
                  <span>
                    I agree to Sukoon using my information as the privacy notice above describes.
                  </span>
                </label>
                <p id={consentHintId} className="mt-1 pl-7 text-xs text-slate-600">
                  Required to create an account. You can withdraw your consent at any time by
                  deleting your account (Privacy &amp; data, in your account menu).
                </p>
              </div>
            </>
          )}
          {mode === 'login' && (
            <div className="-mt-2 text-right">
              <button
                type="button"
                onClick={() => setScreen('forgot')}
                className="rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                Forgot Password?
              </button>
            </div>
          )}
          {error && (
            <Notice tone="error">
              <p>{error.text}</p>
              {error.code === 'USERNAME_TAKEN' && (
                <p className="mt-1 text-xs">
                  Usernames are shown to your psychologist; any letters, digits and underscores will
                  do.
                </p>
              )}
              {error.code === 'WEAK_PASSWORD' && (
                <p className="mt-1 text-xs">
                  Use at least 8 characters with letters and numbers, and avoid common passwords.
                </p>
              )}
              {error.code === 'EMAIL_NOT_VERIFIED' && (
                <button
                  type="button"
                  className="mt-2 rounded font-semibold underline focus-visible:outline-2 focus-visible:outline-red-700"
                  onClick={() => {
                    setVerifyEmail({ email: form.email.trim(), codeJustSent: false });
                    setScreen('verify');
                  }}
                >
                  Enter verification code
                </button>
              )}
            </Notice>
          )}
          <Button
            type="submit"
            className="w-full"
            disabled={busy || (mode === 'login' ? !canLogin : !canRegister)}
          >
            {mode === 'login'
              ? login.isPending
                ? 'Signing in...'
                : 'Sign In'
              : register.isPending
                ? 'Creating account...'
                : 'Create Account'}
          </Button>
          <p className="text-center text-sm text-slate-600">
            {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
            <button
              type="button"
              onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}
              className="rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {mode === 'login' ? 'Register here' : 'Sign in here'}
            </button>
          </p>
          {role === 'patient' && config.data?.demo && (
            <div className="border-t border-slate-200 pt-4">
              <Button
                variant="secondary"
                className="w-full"
                disabled={busy}
                onClick={() => {
                  setError(null);
                  demoLogin.mutate(undefined, { onError: (failure) => fail('login', failure) });
                }}
              >
                {demoLogin.isPending ? 'Signing in...' : 'Continue as demo patient'}
              </Button>
              <p className="mt-2 text-center text-xs text-slate-500">
                Explore Sukoon with the sample patient account.
              </p>
            </div>
          )}
        </form>
      </Modal>
      {screen === 'verify' && (
        <VerifyEmailDialog
          open
          email={verifyEmail.email}
          codeJustSent={verifyEmail.codeJustSent}
          onOpenChange={(open) => !open && setScreen('auth')}
          onVerified={onVerified}
        />
      )}
      {screen === 'forgot' && (
        <ForgotPasswordDialog
          open
          initialEmail={form.email.trim()}
          onOpenChange={(open) => !open && setScreen('auth')}
          onDone={onResetDone}
        />
      )}
    </>
  );
}
