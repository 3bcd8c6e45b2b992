import { useEffect, useState, type FormEvent } from 'react';
import { NewPassword, OTP_LENGTH, RESET_DONE_MESSAGE_MS } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { Modal } from '../../components/ui/modal';
import { PasswordField, TextField } from '../../components/form/text-field';
import { Notice } from '../../components/ui/notice';
import { authErrorText } from './auth-messages';
import { useForgotPassword, useResetPassword } from './auth-api';
import { PasswordHints } from './password-hints';

interface ForgotPasswordDialogProps {
  open: boolean;
  initialEmail: string;
  onOpenChange: (open: boolean) => void;
  /** After the success message: back to sign-in with this email. */
  onDone: (email: string) => void;
}

/** Two steps: ask for a code by email, then set a new password with it. */
export function ForgotPasswordDialog({
  open,
  initialEmail,
  onOpenChange,
  onDone,
}: ForgotPasswordDialogProps) {
  const t = useT();
  const [step, setStep] = useState<'forgot' | 'reset'>('forgot');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const reset = useResetPassword();

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => onDone(email), RESET_DONE_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [done, email, onDone]);

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    forgot.mutate(
      { email },
      {
        onSuccess: (data) => {
          setInfo(data.message);
          setStep('reset');
        },
        onError: (failure) => setError(authErrorText('forgot', failure, t)),
      },
    );
  };

  const passwordValid = NewPassword.safeParse(password).success;
  const matches = password === confirm;
  const codeValid = new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);
  const canReset = codeValid && passwordValid && matches && confirm !== '';

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!matches) return setError(t('auth.passwordsDoNotMatch'));
    reset.mutate(
      { email, otp_code: code, new_password: password },
      {
        onSuccess: (data) => setDone(data.message),
        onError: (failure) => setError(authErrorText('reset', failure, t)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(step === 'forgot' ? 'forgot.title' : 'forgot.resetTitle')}
      description={step === 'forgot' ? t('forgot.description') : undefined}
    >
      {step === 'forgot' ? (
        <form onSubmit={sendCode} className="space-y-4" noValidate>
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          {error && <Notice tone="error">{error}</Notice>}
          <Button type="submit" className="w-full" disabled={!email.trim() || forgot.isPending}>
            {t(forgot.isPending ? 'forgot.sending' : 'forgot.send')}
          </Button>
        </form>
      ) : (
        <form onSubmit={submitReset} className="space-y-4" noValidate>
          {info && !done && <Notice tone="info">{info}</Notice>}
          <TextField
            label={t('forgot.otpCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={code}
            onChange={(event) =>
              setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))
            }
            placeholder={t('forgot.otpPlaceholder')}
          />
          <PasswordField
            label={t('forgot.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordField
            label={t('forgot.confirmNewPassword')}
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          <PasswordHints password={password} confirm={confirm} />
          {error && <Notice tone="error">{error}</Notice>}
          {done && <Notice tone="success">{done}</Notice>}
          <Button
            type="submit"
            className="w-full"
            disabled={!canReset || reset.isPending || !!done}
          >
            {t(reset.isPending ? 'forgot.resetting' : 'forgot.reset')}
          </Button>
          <button
            type="button"
            className="w-full rounded text-center text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            onClick={() => {
              setStep('forgot');
              setError(null);
            }}
          >
            {t('forgot.again')}
          </button>
        </form>
      )}
    </Modal>
  );
}
