import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Email,
  FullName,
  NewPassword,
  PsychologistCode,
  SPECIALIZATIONS,
  Username,
  type LoginData,
  type Role,
} from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { PrivacyNotice } from '../../components/ui/privacy-notice';
import { PasswordField, SelectField, TextField } from '../../components/form/text-field';
import { Notice } from '../../components/ui/notice';
import { ApiError } from '../../lib/api-client';
import { authErrorText } from './auth-messages';
import { useDemoLogin, useLogin, useLogout, usePublicConfig, useRegister } from './auth-api';
import { useSession } from './session';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasswordHints } from './password-hints';
import { VerifyEmailDialog } from './verify-email-dialog';
import { OtherRoleDialog } from './other-role-dialog';
import {
  EMPTY_FORM,
  FORM_FIELD,
  problemOf,
  problemText,
  registerBody,
  TITLE,
  withError,
  type FormField,
} from './auth-form-words';
import { SPECIALIZATION_NAMES } from '../../i18n/shared-words';
import { focusFirstProblem } from '../../lib/focus-first-problem';

interface AuthDialogProps {
  role: Role;
  /** The visitor closed the dialog without signing in. */
  onCancel: () => void;
  /** The account signed in has the other role: go to that role's dashboard instead. */
  onContinueAs: (role: Role) => void;
}

type Screen = 'auth' | 'verify' | 'forgot';

/**
 * Sign in or register for a role, with the follow-up dialogs (verify email, forgot/reset password).
 * Signing in stores the session; the page flow then shows the dashboard.
 */
export function AuthDialog({ role, onCancel, onContinueAs }: AuthDialogProps) {
  const t = useT();
  const [screen, setScreen] = useState<Screen>('auth');
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [form, setForm] = useState(EMPTY_FORM);
  // Consent to the privacy notice: required to register, sent as `consent: true`.
  const [consent, setConsent] = useState(false);
  const consentHintId = useId();
  // Errors about the whole attempt (wrong password, not verified, offline) show above the button;
  // errors about one field show at that field.
  const [error, setError] = useState<{ text: string; code: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FormField, string>>>({});
  // A field's own check speaks once the visitor has left the field, not while they type.
  const [touched, setTouched] = useState<Partial<Record<FormField, boolean>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [verifyEmail, setVerifyEmail] = useState({ email: '', codeJustSent: false });
  const login = useLogin();
  const register = useRegister();
  const demoLogin = useDemoLogin();
  const logout = useLogout();
  const { session, signIn } = useSession();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const hintsId = useId();
  // Signed in here, but with an account of the other role (a patient through the Psychologist card).
  // Someone already signed in with the other role who chose this card gets the form, to sign in
  // with an account of this role.
  const [signedInHere, setSignedInHere] = useState(false);
  const otherRole =
    signedInHere && session && session.user.role !== role ? session.user.role : null;

  const field = (name: FormField) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      // The server's objection was to the old value.
      setFieldErrors(({ [name]: _answered, ...rest }) => rest);
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  const switchMode = (next: 'login' | 'register') => {
    setMode(next);
    setError(null);
    setFieldErrors({});
    setTouched({});
    setNotice(null);
  };

  // The fields this form shows now: a refusal about one of them is shown there.
  const onForm = (name: FormField) =>
    name === 'email' ||
    name === 'password' ||
    (mode === 'register' && (name === 'username' || (name === 'code' && role === 'psychologist')));

  const fail = (flow: 'login' | 'register', failure: unknown) => {
    const text = authErrorText(flow, failure, t);
    const at = failure instanceof ApiError && failure.field ? FORM_FIELD[failure.field] : undefined;
    if (at && onForm(at)) return setFieldErrors({ [at]: text });
    setError({ text, code: failure instanceof ApiError ? failure.code : 'UNKNOWN' });
  };

  // A refusal about one field takes the keyboard (and a screen reader) to that field.
  const fieldErrorCount = Object.keys(fieldErrors).length;
  useEffect(() => {
    if (fieldErrorCount > 0) focusFirstProblem(formRef.current);
  }, [fieldErrorCount, fieldErrors]);

  const usernameOk = Username.safeParse(form.username).success;
  const emailOk = Email.safeParse(form.email).success;
  const passwordOk = NewPassword.safeParse(form.password).success;
  const registering = mode === 'register';
  // One message per field: the server's answer about the value, else the field's own check.
  const errorFor = (name: FormField): string | null => {
    if (fieldErrors[name]) return fieldErrors[name];
    if (!registering || !touched[name]) return null;
    const problem =
      name === 'username'
        ? problemOf(Username, form.username)
        : name === 'email'
          ? problemOf(Email, form.email)
          : name === 'code' && role === 'psychologist'
            ? problemOf(PsychologistCode, form.code)
            : name === 'fullName' && form.fullName.trim()
              ? problemOf(FullName, form.fullName)
              : null;
    return problem && problemText(t, name, problem);
  };
  const passwordTooShort = registering && touched.password === true && !passwordOk;
  const confirmMismatch = registering && form.confirm !== '' && form.password !== form.confirm;
  const matches = form.password === form.confirm;
  const canRegister =
    usernameOk &&
    emailOk &&
    passwordOk &&
    matches &&
    form.confirm !== '' &&
    consent &&
    (!form.fullName.trim() || FullName.safeParse(form.fullName).success) &&
    (role === 'patient' || form.code.trim() !== '');
  const canLogin = form.email.trim() !== '' && form.password !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    setNotice(null);
    if (mode === 'login') {
      login.mutate(
        { email: form.email, password: form.password },
        { onSuccess: () => setSignedInHere(true), onError: (failure) => fail('login', failure) },
      );
      return;
    }
    if (!matches) return setError({ text: t('auth.passwordsDoNotMatch'), code: 'CLIENT' });
    const body = registerBody(form, role);
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

  // Verifying signed the owner in: the page flow shows their dashboard (or, for an account of the
  // other role, this dialog offers it).
  const onVerified = useCallback(
    (verified: LoginData) => {
      setForm((current) => ({ ...EMPTY_FORM, email: current.email }));
      setConsent(false);
      setMode('login');
      setError(null);
      setFieldErrors({});
      setTouched({});
      setScreen('auth');
      setSignedInHere(true);
      // As a sign-in does (auth-api): the server just said who this is.
      queryClient.setQueryData(['users', 'me', verified.token], verified.user);
      signIn(verified);
    },
    [queryClient, signIn],
  );

  const onResetDone = useCallback(
    (email: string) => {
      setForm({ ...EMPTY_FORM, email });
      setConsent(false);
      setMode('login');
      setError(null);
      setNotice(t('auth.passwordWasReset'));
      setScreen('auth');
    },
    [t],
  );

  const busy = login.isPending || register.isPending || demoLogin.isPending;
  const title = t(TITLE[role][mode]);

  if (otherRole) {
    return (
      <OtherRoleDialog
        title={title}
        otherRole={otherRole}
        username={session?.user.username ?? ''}
        signingOut={logout.isPending}
        onCancel={onCancel}
        onContinue={() => onContinueAs(otherRole)}
        onSignIn={() => {
          setForm((current) => ({ ...current, password: '' }));
          logout.mutate(undefined, { onSettled: () => setSignedInHere(false) });
        }}
      />
    );
  }

  return (
    <>
      <Modal
        open={screen === 'auth'}
        onOpenChange={(open) => !open && onCancel()}
        title={title}
        description={
          mode === 'login'
            ? t('auth.description.login')
            : role === 'psychologist'
              ? t('auth.description.registerPsychologist')
              : t('auth.description.registerPatient')
        }
      >
        <form ref={formRef} onSubmit={submit} className="space-y-4" noValidate>
          {notice && <Notice tone="success">{notice}</Notice>}
          {mode === 'register' && (
            <TextField
              label={t('auth.field.username')}
              autoComplete="username"
              {...field('username')}
              {...withError(errorFor('username'), t('auth.field.usernameHint'))}
            />
          )}
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            {...field('email')}
            {...withError(errorFor('email'))}
          />
          {mode === 'register' && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={t('auth.field.fullName')}
                  optional
                  autoComplete="name"
                  {...field('fullName')}
                  {...withError(
                    errorFor('fullName'),
                    t(
                      role === 'patient'
                        ? 'auth.field.fullNameHintPatient'
                        : 'auth.field.fullNameHintPsychologist',
                    ),
                  )}
                />
                <TextField
                  label={t('auth.field.phone')}
                  optional
                  type="tel"
                  autoComplete="tel"
                  {...field('phone')}
                />
              </div>
              {role === 'psychologist' && (
                <>
                  <SelectField
                    label={t('auth.field.specialization')}
                    optional
                    {...field('specialization')}
                  >
                    <option value="">{t('auth.field.chooseSpecialization')}</option>
                    {SPECIALIZATIONS.map((value) => (
                      <option key={value} value={value}>
                        {t(SPECIALIZATION_NAMES[value])}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label={t('auth.field.psychologistCode')}
                    autoComplete="off"
                    spellCheck={false}
                    {...field('code')}
                    {...withError(errorFor('code'), t('auth.field.psychologistCodeHint'))}
                  />
                </>
              )}
            </>
          )}
          <PasswordField
            label={t('auth.field.password')}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            {...field('password')}
            {...withError(errorFor('password'))}
            // Too short: the live hint below says so, and describes the field.
            {...(passwordTooShort && !errorFor('password')
              ? { 'aria-invalid': true, 'aria-describedby': `${hintsId}-length` }
              : {})}
          />
          {mode === 'register' && (
            <>
              <PasswordField
                label={t('auth.field.confirmPassword')}
                autoComplete="new-password"
                {...field('confirm')}
                {...(confirmMismatch
                  ? { 'aria-invalid': true, 'aria-describedby': `${hintsId}-match` }
                  : {})}
              />
              <PasswordHints password={form.password} confirm={form.confirm} id={hintsId} />
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
                  <span>{t('auth.consent')}</span>
                </label>
                <p id={consentHintId} className="mt-1 pl-7 text-xs text-slate-600">
                  {t('auth.consentHint')}
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
                {t('auth.forgotPassword')}
              </button>
            </div>
          )}
          {error && (
            <Notice tone="error">
              <p>{error.text}</p>
              {error.code === 'EMAIL_NOT_VERIFIED' && (
                <button
                  type="button"
                  className="mt-2 rounded font-semibold underline focus-visible:outline-2 focus-visible:outline-red-700"
                  onClick={() => {
                    setVerifyEmail({ email: form.email.trim(), codeJustSent: false });
                    setScreen('verify');
                  }}
                >
                  {t('auth.enterVerificationCode')}
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
              ? t(login.isPending ? 'auth.signingIn' : 'auth.signIn')
              : t(register.isPending ? 'auth.creatingAccount' : 'auth.createAccount')}
          </Button>
          <p className="text-center text-sm text-slate-600">
            {t(mode === 'login' ? 'auth.noAccount' : 'auth.haveAccount')}{' '}
            <button
              type="button"
              onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}
              className="rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t(mode === 'login' ? 'auth.registerHere' : 'auth.signInHere')}
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
                {t(demoLogin.isPending ? 'auth.signingIn' : 'auth.demo')}
              </Button>
              <p className="mt-2 text-center text-xs text-slate-500">{t('auth.demoHint')}</p>
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
