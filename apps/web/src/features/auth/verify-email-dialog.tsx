import { useEffect, useState, type FormEvent } from 'react';
import {
  OTP_LENGTH,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MINUTES,
  RESENT_MESSAGE_MS,
  VERIFIED_MESSAGE_MS,
  type LoginData,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { authErrorText, retryAfterSeconds } from './auth-messages';
import { useResendOtp, useVerifyOtp } from './auth-api';
import { OtpInput } from './otp-input';
import { useCountdown } from './use-countdown';

interface VerifyEmailDialogProps {
  open: boolean;
  email: string;
  /** A code was just sent (after registration): Resend waits out the cooldown first. */
  codeJustSent: boolean;
  onOpenChange: (open: boolean) => void;
  /** The email is verified and its owner signed in: the session to keep. */
  onVerified: (session: LoginData) => void;
}

const emptyDigits = () => Array.from({ length: OTP_LENGTH }, () => '');

export function VerifyEmailDialog({
  open,
  email,
  codeJustSent,
  onOpenChange,
  onVerified,
}: VerifyEmailDialogProps) {
  const { t, rich } = useI18n();
  const [digits, setDigits] = useState(emptyDigits);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<{ message: string; session: LoginData } | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const countdown = useCountdown(codeJustSent ? OTP_RESEND_COOLDOWN_SECONDS : 0);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => {
      setDigits(emptyDigits());
      setSuccess(null);
      onVerified(success.session);
    }, VERIFIED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [success, onVerified]);

  useEffect(() => {
    if (!resent) return;
    const timer = window.setTimeout(() => setResent(null), RESENT_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [resent]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError(t('verify.emailRequired'));
    const code = digits.join('');
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      return setError(t('verify.allDigits', { length: OTP_LENGTH }));
    }
    verify.mutate(
      { email, otp_code: code },
      {
        // The message stays for a moment before the dashboard replaces it (specification: 1.5 s).
        onSuccess: ({ message, token, user }) => setSuccess({ message, session: { token, user } }),
        onError: (failure) => setError(authErrorText('otp', failure, t)),
      },
    );
  };

  const requestNewCode = () => {
    setError(null);
    resend.mutate(
      { email },
      {
        onSuccess: (data) => {
          setResent(data.message);
          setDigits(emptyDigits());
          countdown.start(OTP_RESEND_COOLDOWN_SECONDS);
        },
        onError: (failure) => {
          setError(authErrorText('resend', failure, t));
          const wait = retryAfterSeconds(failure);
          if (wait) countdown.start(wait);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('verify.title')}
      description={rich('verify.description', {
        length: OTP_LENGTH,
        email,
        strong: (chunks) => <strong className="text-slate-800">{chunks}</strong>,
      })}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <OtpInput value={digits} onChange={setDigits} disabled={verify.isPending || !!success} />
        {error && <Notice tone="error">{error}</Notice>}
        {success && <Notice tone="success">{success.message}</Notice>}
        {resent && <Notice tone="success">{resent}</Notice>}
        <Button type="submit" className="w-full" disabled={verify.isPending || !!success}>
          {t(verify.isPending ? 'verify.submitting' : 'verify.submit')}
        </Button>
        <div className="flex flex-wrap items-center justify-center gap-1 text-sm text-slate-600">
          <span>{t('verify.noCode')}</span>
          <button
            type="button"
            onClick={requestNewCode}
            disabled={countdown.secondsLeft > 0 || resend.isPending}
            className="rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
          >
            {countdown.secondsLeft > 0
              ? t('verify.resendIn', { seconds: countdown.secondsLeft })
              : t(resend.isPending ? 'verify.sending' : 'verify.resend')}
          </button>
        </div>
        <ul className="space-y-1 rounded-lg bg-slate-50 px-4 py-3 text-xs text-slate-600">
          <li>{t('verify.spam')}</li>
          <li>{t('verify.expires', { minutes: OTP_TTL_MINUTES })}</li>
          {codeJustSent && (
            // Registration answers alike for a known email, so its owner learns here what to expect.
            <li>{t('verify.alreadyRegistered')}</li>
          )}
        </ul>
      </form>
    </Modal>
  );
}
