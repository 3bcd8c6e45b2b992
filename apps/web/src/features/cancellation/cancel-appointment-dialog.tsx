import { useState, type ReactNode } from 'react';
import {
  PATIENT_CANCEL_DELAY_MS,
  PSYCHOLOGIST_CANCELLATION_PENALTY_PAISE,
  RefundSummary,
  canCancelSession,
  formatInr,
  patientCancellationRefund,
  type CheckoutParams,
  type CheckoutSuccess,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { deviceTimeZone } from '../../lib/dates';
import { SessionWhenForViewer } from '../../components/ui/session-when';
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
  /** The viewer's own zone: their local time is added where it differs from the target's. */
  viewerZone?: string;
  /**
   * A fee paid for this session in an earlier opening whose cancellation the server has not
   * confirmed yet: the dialog resumes at confirming it instead of offering to pay again.
   */
  paidPenalty?: CheckoutSuccess | null;
  /** The fee was paid and awaits confirmation (the result), or that is settled either way (null). */
  onPaidPenaltyChange?: (result: CheckoutSuccess | null) => void;
  /** The booking is gone (or changed): refresh the calendar, the free slots and the lists. */
  onChanged: () => Promise<unknown>;
  onClose: () => void;
}

type Variant = 'patient' | 'penalty' | 'own';

type Step =
  | { kind: 'confirm' }
  | { kind: 'working'; label: string }
  /**
   * The fee is paid but the server has not confirmed the cancellation (a network error, a 5xx, a
   * 429...). Trying again verifies the same payment (idempotent on the server) and never reopens the
   * checkout, so the fee is never charged twice.
   */
  | { kind: 'paid'; result: CheckoutSuccess; verifying: boolean }
  | { kind: 'done'; message: ReactNode }
  /** The server refused for good (already canceled, started, fee refunded): only Close is left. */
  | { kind: 'refused' };

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

const messageOf = (caught: unknown) =>
  caught instanceof Error ? caught.message : 'Something went wrong. Please try again.';

/**
 * Only an answer that the session is gone (404) or changed (409: already canceled, started, fee
 * refunded) is final. A network error, a 5xx, a 429 (rate limited) or a 401 (signed out in another
 * tab) may pass on a retry.
 */
function isFinalRefusal(caught: unknown): boolean {
  return caught instanceof ApiError && (caught.status === 404 || caught.status === 409);
}

function refundText(refund: RefundSummary | null, patient: boolean, paidPaise: number): string {
  const whose = patient ? 'your' : 'the patient’s';
  if (!refund) {
    if (!patient) return '';
    // A late cancellation under a no-refund policy: paid, and nothing goes back.
    return paidPaise > 0
      ? `Nothing of the ${formatInr(paidPaise)} you paid is refunded, as the policy you booked under says.`
      : 'No payment was taken for it, so there is nothing to refund.';
  }
  if (patient && refund.amount < paidPaise) {
    const state = refund.status === 'processed' ? 'Refunded' : 'Refund pending:';
    return `${state} ${formatInr(refund.amount)} of the ${formatInr(paidPaise)} you paid, to your original payment method${refund.status === 'processed' ? '' : '; it is retried automatically until the payment provider confirms it'}.`;
  }
  if (refund.status === 'processed') {
    return `Refunded ${formatInr(refund.amount)} to ${whose} original payment method.`;
  }
  return `Refund pending: ${formatInr(refund.amount)} goes back to ${whose} original payment method. The payment provider has not confirmed it yet, so it is retried automatically.`;
}

/** Whether verify-payment's answer reports the patient's refund as processed (not only started). */
function refundProcessed(answer: unknown): boolean {
  const refund =
    typeof answer === 'object' && answer !== null && 'refund' in answer ? answer.refund : null;
  const parsed = RefundSummary.safeParse(refund);
  return parsed.success && parsed.data.status === 'processed';
}

/**
 * What the patient gets back if they cancel now, by the policy the session was booked under (the
 * shared rule; the server applies the same one and its answer is shown after canceling).
 */
function PatientRefund({ target, now }: { target: CancelTarget; now: Date }) {
  const fee = formatInr(target.feePaise);
  const { refundPaise, late } = target.policy
    ? patientCancellationRefund(target.feePaise, new Date(target.startDate), target.policy, now)
    : { refundPaise: target.feePaise, late: false };
  if (!late || target.feePaise === 0) {
    return (
      <p className="text-sm text-slate-700">
        <strong className="font-semibold">Free cancellation</strong>
        {target.feePaise > 0
          ? `: your ${fee} is refunded in full to your original payment method.`
          : '.'}{' '}
        The slot becomes free for booking again.
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">This is a late cancellation.</p>
      <p className="mt-1">
        {refundPaise > 0
          ? `${formatInr(refundPaise)} of your ${fee} is refunded (${target.policy?.lateCancelRefundPercent ?? 100}\u00a0%), as the policy you booked under says.`
          : `Nothing of your ${fee} is refunded, as the policy you booked under says.`}{' '}
        The slot becomes free for booking again.
      </p>
    </div>
  );
}

/**
 * Cancel Appointment (specification, section 2 and 4): a patient confirms and, after 0.5 s, the
 * session is canceled and refunded in full; a psychologist first pays the 100 INR fee in the checkout
 * for a patient's session (verifying it cancels and refunds the patient), or just confirms for an
 * event of their own. A session that has started cannot be canceled.
 */
export function CancelAppointmentDialog(props: CancelAppointmentDialogProps) {
  const { role, target, now, checkout, onChanged, onClose, onPaidPenaltyChange } = props;
  const viewerZone = props.viewerZone ?? deviceTimeZone();
  const [step, setStep] = useState<Step>(() =>
    props.paidPenalty
      ? { kind: 'paid', result: props.paidPenalty, verifying: false }
      : { kind: 'confirm' },
  );
  const [error, setError] = useState<string | null>(null);
  const busy = step.kind === 'working' || (step.kind === 'paid' && step.verifying);

  if (!target) return null;
  const variant: Variant = role === 'patient' ? 'patient' : target.hasPatient ? 'penalty' : 'own';
  const cancelable = canCancelSession(target, now);
  const fee = formatInr(target.feePaise);
  const penalty = formatInr(PSYCHOLOGIST_CANCELLATION_PENALTY_PAISE);
  const noun = variant === 'own' ? 'event' : 'session';
  const patientName = target.withName ?? 'the patient';

  async function refuse(caught: unknown) {
    setError(messageOf(caught));
    setStep({ kind: 'refused' });
    // What the server refused may mean the session changed meanwhile; show it as it is now.
    await onChanged().catch(() => undefined);
  }

  async function confirm() {
    if (!target) return;
    setError(null);
    setStep({
      kind: 'working',
      label: variant === 'penalty' ? 'Opening checkout...' : 'Canceling...',
    });
    let result: Awaited<ReturnType<PenaltyCheckout['open']>>;
    try {
      // The specification's pause before a patient's confirmed cancel takes effect.
      if (variant === 'patient') await wait(PATIENT_CANCEL_DELAY_MS);
      const data = await cancelBooking(target.id);
      if (data.outcome === 'canceled') {
        await onChanged().catch(() => undefined);
        setStep({
          kind: 'done',
          message:
            variant === 'own'
              ? 'The event is canceled and its time is free again.'
              : `The session is canceled. ${refundText(data.refund, variant === 'patient', target.feePaise)}`,
        });
        return;
      }
      result = await checkout.open(data.checkout);
    } catch (caught) {
      // Nothing has been paid yet, so a retry simply starts over.
      if (isFinalRefusal(caught)) await refuse(caught);
      else {
        setError(messageOf(caught));
        setStep({ kind: 'confirm' });
      }
      return;
    }
    // A dismissed or failed checkout simply stops: nothing was paid and the session stands.
    if (result === 'dismissed' || result === 'failed') {
      setStep({ kind: 'confirm' });
      return;
    }
    onPaidPenaltyChange?.(result);
    await confirmPaid(result);
  }

  /** Sends the paid fee's checkout result to the server, which cancels and refunds the patient. */
  async function confirmPaid(result: CheckoutSuccess) {
    setError(null);
    setStep({ kind: 'paid', result, verifying: true });
    let answer: unknown;
    try {
      answer = await checkout.verify(result);
    } catch (caught) {
      if (isFinalRefusal(caught)) {
        onPaidPenaltyChange?.(null);
        await refuse(caught);
      } else {
        setError(messageOf(caught));
        setStep({ kind: 'paid', result, verifying: false });
      }
      return;
    }
    onPaidPenaltyChange?.(null);
    // The server has canceled; a refresh that fails does not undo that.
    await onChanged().catch(() => undefined);
    setStep({
      kind: 'done',
      message: `The session is canceled. You paid the ${penalty} cancellation fee, and ${patientName} ${refundProcessed(answer) ? 'is refunded' : 'is being refunded'} the ${fee} they paid, in full.`,
    });
  }

  function close() {
    if (busy) return;
    setStep({ kind: 'confirm' });
    setError(null);
    onClose();
  }

  const closeButton = (label: string) => (
    <Button variant="secondary" onClick={close} disabled={busy}>
      {label}
    </Button>
  );

  let body: ReactNode;
  if (step.kind === 'done') {
    body = (
      <>
        <Notice tone="success">{step.message}</Notice>
        <Button onClick={close} className="w-full sm:w-auto sm:self-end">
          Done
        </Button>
      </>
    );
  } else if (step.kind === 'paid') {
    body = (
      <>
        <Notice tone="info">
          <span className="block font-semibold">
            Payment received — confirming your cancellation…
          </span>
          Your {penalty} fee is safe: it is either applied to this cancellation or refunded to you
          in full. Trying again never charges you a second time.
        </Notice>
        {error && <Notice tone="error">{error}</Notice>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {closeButton('Close')}
          <Button onClick={() => void confirmPaid(step.result)} disabled={busy}>
            {step.verifying ? 'Confirming...' : 'Try again'}
          </Button>
        </div>
      </>
    );
  } else if (step.kind === 'refused') {
    body = (
      <>
        {error && <Notice tone="error">{error}</Notice>}
        <div className="flex justify-end">{closeButton('Close')}</div>
      </>
    );
  } else if (!cancelable) {
    body = (
      <>
        <Notice tone="info">
          This {noun} has already started or ended, so it can no longer be canceled.
        </Notice>
        <Button variant="secondary" onClick={close} className="w-full sm:w-auto sm:self-end">
          Close
        </Button>
      </>
    );
  } else {
    body = (
      <>
        {variant === 'patient' && <PatientRefund target={target} now={now} />}
        {variant === 'penalty' && (
          <>
            <div className="flex items-center justify-between rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
              <span className="text-sm font-medium text-amber-900">Cancellation fee</span>
              <span className="text-lg font-semibold text-amber-900">{penalty}</span>
            </div>
            <p className="text-sm text-slate-700">
              Canceling a patient’s session costs a {penalty} fee, paid now in the checkout. Once it
              is paid, the session is canceled and {patientName} is refunded the {fee} they paid, in
              full.
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
          {closeButton(`Keep ${noun}`)}
          <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
            {step.kind === 'working'
              ? step.label
              : variant === 'penalty'
                ? `Pay ${penalty} and cancel`
                : variant === 'own'
                  ? 'Cancel event'
                  : 'Cancel session'}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {step.kind === 'working' ? step.label : ''}
        </p>
      </>
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && close()} title="Cancel Appointment">
      <div className="flex flex-col gap-4">
        <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="font-semibold break-words text-slate-900">{target.title}</p>
          <p className="text-sm text-slate-700">
            <SessionWhenForViewer
              startDate={target.startDate}
              endDate={target.endDate}
              timeZone={target.timeZone}
              viewerZone={viewerZone}
            />
          </p>
          {target.withName && (
            <p className="text-sm text-slate-600">
              with <span className="break-words">{target.withName}</span>
            </p>
          )}
        </div>
        {body}
      </div>
    </Modal>
  );
}
