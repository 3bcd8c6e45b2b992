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
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n, type Translate } from '../../i18n/i18n';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
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
  | { kind: 'working'; label: MessageKey }
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

const messageOf = (caught: unknown, t: Translate) =>
  caught instanceof Error ? caught.message : t('cancel.genericError');

/**
 * Only an answer that the session is gone (404) or changed (409: already canceled, started, fee
 * refunded) is final. A network error, a 5xx, a 429 (rate limited) or a 401 (signed out in another
 * tab) may pass on a retry.
 */
function isFinalRefusal(caught: unknown): boolean {
  return caught instanceof ApiError && (caught.status === 404 || caught.status === 409);
}

function refundText(
  t: Translate,
  refund: RefundSummary | null,
  patient: boolean,
  paidPaise: number,
): string {
  if (!refund) {
    if (!patient) return '';
    // A late cancellation under a no-refund policy: paid, and nothing goes back.
    return paidPaise > 0
      ? t('cancel.done.nothingRefunded', { paid: formatInr(paidPaise) })
      : t('cancel.done.noPayment');
  }
  const amount = formatInr(refund.amount);
  if (patient && refund.amount < paidPaise) {
    const values = { refund: amount, paid: formatInr(paidPaise) };
    return refund.status === 'processed'
      ? t('cancel.done.partlyRefunded', values)
      : t('cancel.done.partlyPending', values);
  }
  if (refund.status === 'processed') {
    return t(patient ? 'cancel.done.refunded' : 'cancel.done.patientRefunded', { amount });
  }
  return t(patient ? 'cancel.done.refundPending' : 'cancel.done.patientRefundPending', { amount });
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
  const { t, rich } = useI18n();
  const fee = formatInr(target.feePaise);
  const { refundPaise, late } = target.policy
    ? patientCancellationRefund(target.feePaise, new Date(target.startDate), target.policy, now)
    : { refundPaise: target.feePaise, late: false };
  if (!late || target.feePaise === 0) {
    return (
      <p className="text-sm text-slate-700">
        {rich(target.feePaise > 0 ? 'cancel.free' : 'cancel.freeNoFee', {
          fee,
          strong: (chunks) => <strong className="font-semibold">{chunks}</strong>,
        })}
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">{t('cancel.late.title')}</p>
      <p className="mt-1">
        {refundPaise > 0
          ? t('cancel.late.partial', {
              refund: formatInr(refundPaise),
              fee,
              percent: target.policy?.lateCancelRefundPercent ?? 100,
            })
          : t('cancel.late.none', { fee })}
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
  const { t, rich } = useI18n();
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
  const own = variant === 'own';
  const patientName = target.withName ?? t('cancel.thePatient');

  async function refuse(caught: unknown) {
    setError(messageOf(caught, t));
    setStep({ kind: 'refused' });
    // What the server refused may mean the session changed meanwhile; show it as it is now.
    await onChanged().catch(() => undefined);
  }

  async function confirm() {
    if (!target) return;
    setError(null);
    setStep({
      kind: 'working',
      label: variant === 'penalty' ? 'cancel.working.checkout' : 'cancel.working.canceling',
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
          message: own
            ? t('cancel.done.event')
            : [
                t('cancel.done.session'),
                refundText(t, data.refund, variant === 'patient', target.feePaise),
              ]
                .filter(Boolean)
                .join(' '),
        });
        return;
      }
      result = await checkout.open(data.checkout);
    } catch (caught) {
      // Nothing has been paid yet, so a retry simply starts over.
      if (isFinalRefusal(caught)) await refuse(caught);
      else {
        setError(messageOf(caught, t));
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
        setError(messageOf(caught, t));
        setStep({ kind: 'paid', result, verifying: false });
      }
      return;
    }
    onPaidPenaltyChange?.(null);
    // The server has canceled; a refresh that fails does not undo that.
    await onChanged().catch(() => undefined);
    setStep({
      kind: 'done',
      message: `${t('cancel.done.session')} ${t(
        refundProcessed(answer) ? 'cancel.done.penaltyRefunded' : 'cancel.done.penaltyRefunding',
        { penalty, name: patientName, fee },
      )}`,
    });
  }

  function close() {
    if (busy) return;
    setStep({ kind: 'confirm' });
    setError(null);
    onClose();
  }

  const closeButton = (label: MessageKey) => (
    <Button variant="secondary" onClick={close} disabled={busy}>
      {t(label)}
    </Button>
  );

  let body: ReactNode;
  if (step.kind === 'done') {
    body = (
      <>
        <Notice tone="success">{step.message}</Notice>
        <Button onClick={close} className="w-full sm:w-auto sm:self-end">
          {t('cancel.doneButton')}
        </Button>
      </>
    );
  } else if (step.kind === 'paid') {
    body = (
      <>
        <Notice tone="info">
          <span className="block font-semibold">{t('cancel.paid.title')}</span>
          {t('cancel.paid.body', { penalty })}
        </Notice>
        {error && <Notice tone="error">{error}</Notice>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {closeButton('cancel.close')}
          <Button onClick={() => void confirmPaid(step.result)} disabled={busy}>
            {t(step.verifying ? 'cancel.confirming' : 'cancel.tryAgain')}
          </Button>
        </div>
      </>
    );
  } else if (step.kind === 'refused') {
    body = (
      <>
        {error && <Notice tone="error">{error}</Notice>}
        <div className="flex justify-end">{closeButton('cancel.close')}</div>
      </>
    );
  } else if (!cancelable) {
    body = (
      <>
        <Notice tone="info">{t(own ? 'cancel.startedEvent' : 'cancel.startedSession')}</Notice>
        <Button variant="secondary" onClick={close} className="w-full sm:w-auto sm:self-end">
          {t('cancel.close')}
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
              <span className="text-sm font-medium text-amber-900">{t('cancel.feeLabel')}</span>
              <span className="text-lg font-semibold text-amber-900">{penalty}</span>
            </div>
            <p className="text-sm text-slate-700">
              {t('cancel.penaltyExplain', { penalty, name: patientName, fee })}
            </p>
          </>
        )}
        {variant === 'own' && <p className="text-sm text-slate-700">{t('cancel.ownExplain')}</p>}
        {error && <Notice tone="error">{error}</Notice>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {closeButton(own ? 'cancel.keepEvent' : 'cancel.keepSession')}
          <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
            {step.kind === 'working'
              ? t(step.label)
              : variant === 'penalty'
                ? t('cancel.payAndCancel', { penalty })
                : t(own ? 'cancel.cancelEvent' : 'cancel.cancelSession')}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {step.kind === 'working' ? t(step.label) : ''}
        </p>
      </>
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && close()} title={t('cancel.title')}>
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
              {rich('cancel.with', {
                name: target.withName,
                wrap: (chunks) => <span className="break-words">{chunks}</span>,
              })}
            </p>
          )}
        </div>
        {body}
      </div>
    </Modal>
  );
}
