import { useState, type ReactNode } from 'react';
import {
  PATIENT_CANCEL_DELAY_MS,
  PSYCHOLOGIST_CANCELLATION_PENALTY_INR,
  canCancelSession,
  formatInr,
  type CheckoutParams,
  type CheckoutSuccess,
  type RefundSummary,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { SessionWhen } from '../../components/ui/session-when';
import { cancelBooking, type CancelTarget } from './cancel-api';

/** The payments feature's checkout, handed in by the app (features do not import each other). */
export interface PenaltyCheckout {
  open: (params: CheckoutParams) => Promise<CheckoutSuccess | 'dismissed' | 'failed'>;
  /** POST /api/payments/verify-payment: for a penalty it also cancels and refunds the patient. */
  verify: (result: CheckoutSuccess) => Promise<unknown>;
}

interface CancelAppointmentDialogProps {
  role: 'patient' | 'psychologist';
  target: CancelTarget | null;
  now: Date;
  checkout: PenaltyCheckout;
  /** The booking is gone (or changed): refresh the calendar, the free slots and the lists. */
  onChanged: () => Promise<unknown>;
  onClose: () => void;
}

type Variant = 'patient' | 'penalty' | 'own';

type Step =
  | { kind: 'confirm' }
  | { kind: 'working'; label: string }
  | { kind: 'done'; message: ReactNode }
  /** The server refused for good (already canceled, started, fee refunded): only Close is left. */
  | { kind: 'refused' };

const PENALTY_PAISE = PSYCHOLOGIST_CANCELLATION_PENALTY_INR * 100;

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

function refundText(refund: RefundSummary | null, patient: boolean): string {
  const whose = patient ? 'your' : 'the patient’s';
  if (!refund) return patient ? 'No payment was taken for it, so there is nothing to refund.' : '';
  if (refund.status === 'processed') {
    return `Refunded ${formatInr(refund.amount)} to ${whose} original payment method.`;
  }
  return `Refund pending: ${formatInr(refund.amount)} goes back to ${whose} original payment method. The payment provider has not confirmed it yet, so it is retried automatically.`;
}

/**
 * Cancel Appointment (specification, section 2 and 4): a patient confirms and, after 0.5 s, the
 * session is canceled and refunded in full; a psychologist first pays the 100 INR fee in the checkout
 * for a patient's session (verifying it cancels and refunds the patient), or just confirms for an
 * event of their own. A session that has started cannot be canceled.
 */
export function CancelAppointmentDialog(props: CancelAppointmentDialogProps) {
  const { role, target, now, checkout, onChanged, onClose } = props;
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const [error, setError] = useState<string | null>(null);
  const busy = step.kind === 'working';

  if (!target) return null;
  const variant: Variant = role === 'patient' ? 'patient' : target.hasPatient ? 'penalty' : 'own';
  const cancelable = canCancelSession(target, now);
  const fee = formatInr(target.feePaise);
  const penalty = formatInr(PENALTY_PAISE);
  const noun = variant === 'own' ? 'event' : 'session';

  async function fail(caught: unknown) {
    const definitive = caught instanceof ApiError && caught.status >= 400 && caught.status < 500;
    setError(caught instanceof Error ? caught.message : 'Something went wrong. Please try again.');
    setStep(definitive ? { kind: 'refused' } : { kind: 'confirm' });
    // What the server refused may mean the session changed meanwhile; show it as it is now.
    if (definitive) await onChanged().catch(() => undefined);
  }

  async function confirm() {
    if (!target) return;
    setError(null);
    setStep({
      kind: 'working',
      label: variant === 'penalty' ? 'Opening checkout...' : 'Canceling...',
    });
    try {
      // The specification's pause before a patient's confirmed cancel takes effect.
      if (variant === 'patient') await wait(PATIENT_CANCEL_DELAY_MS);
      const data = await cancelBooking(target.id);
      if (data.outcome === 'canceled') {
        await onChanged();
        setStep({
          kind: 'done',
          message:
            variant === 'own'
              ? 'The event is canceled and its time is free again.'
              : `The session is canceled. ${refundText(data.refund, variant === 'patient')}`,
        });
        return;
      }
      const result = await checkout.open(data.checkout);
      // A dismissed or failed checkout simply stops: nothing was paid and the session stands.
      if (result === 'dismissed' || result === 'failed') {
        setStep({ kind: 'confirm' });
        return;
      }
      setStep({ kind: 'working', label: 'Confirming payment...' });
      await checkout.verify(result);
      await onChanged();
      setStep({
        kind: 'done',
        message: `The session is canceled. You paid the ${penalty} cancellation fee, and ${target.withName ?? 'the patient'} is refunded the ${fee} they paid, in full.`,
      });
    } catch (caught) {
      await fail(caught);
    }
  }

  function close() {
    if (busy) return;
    setStep({ kind: 'confirm' });
    setError(null);
    onClose();
  }

  return (
    <Modal open onOpenChange={(open) => !open && close()} title="Cancel Appointment">
      <div className="flex flex-col gap-4">
        <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="font-semibold break-words text-slate-900">{target.title}</p>
          <p className="text-sm text-slate-700">
            <SessionWhen
              startDate={target.startDate}
              endDate={target.endDate}
              timeZone={target.timeZone}
            />
          </p>
          {target.withName && (
            <p className="text-sm text-slate-600">
              with <span className="break-words">{target.withName}</span>
            </p>
          )}
        </div>

        {step.kind === 'done' ? (
          <>
            <Notice tone="success">{step.message}</Notice>
            <Button onClick={close} className="w-full sm:w-auto sm:self-end">
              Done
            </Button>
          </>
        ) : !cancelable ? (
          <>
            <Notice tone="info">
              This {noun} has already started or ended, so it can no longer be canceled.
            </Notice>
            <Button variant="secondary" onClick={close} className="w-full sm:w-auto sm:self-end">
              Close
            </Button>
          </>
        ) : (
          <>
            {variant === 'patient' && (
              <p className="text-sm text-slate-700">
                Canceling is <strong className="font-semibold">free of charge</strong>.
                {target.feePaise > 0 &&
                  ` The ${fee} you paid is refunded in full to your original payment method.`}{' '}
                The slot becomes free for booking again.
              </p>
            )}
            {variant === 'penalty' && (
              <>
                <div className="flex items-center justify-between rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
                  <span className="text-sm font-medium text-amber-900">Cancellation fee</span>
                  <span className="text-lg font-semibold text-amber-900">{penalty}</span>
                </div>
                <p className="text-sm text-slate-700">
                  Canceling a patient’s session costs a {penalty} fee, paid now in the checkout.
                  Once it is paid, the session is canceled and {target.withName ?? 'the patient'} is
                  refunded the {fee} they paid, in full.
                </p>
              </>
            )}
            {variant === 'own' && (
              <p className="text-sm text-slate-700">
                This event has no patient booking, so there is no fee. Its time becomes free again.
              </p>
            )}
            {error && <Notice tone="error">{error}</Notice>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={busy}>
                {step.kind === 'refused' ? 'Close' : `Keep ${noun}`}
              </Button>
              {step.kind !== 'refused' && (
                <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
                  {step.kind === 'working'
                    ? step.label
                    : variant === 'penalty'
                      ? `Pay ${penalty} and cancel`
                      : variant === 'own'
                        ? 'Cancel event'
                        : 'Cancel session'}
                </Button>
              )}
            </div>
            <p role="status" className="sr-only">
              {step.kind === 'working' ? step.label : ''}
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}
