import { useMemo, useState, type ReactNode } from 'react';
import {
  bookedRatesInr,
  formatInr,
  lengthChangePaise,
  patientMoveRefusal,
  PSYCHOLOGIST_MOVE_POLICY,
  readPolicy,
  type RescheduleBody,
  type RescheduleData,
  type SessionDuration,
} from '@sukoon/shared';
import { formatClock, formatSessionStart } from '../../lib/dates';
import { useT, type Translate } from '../../i18n/i18n';
import { moveRefusalText, rescheduleTermsText } from '../policy/policy-words';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { api, ApiError } from '../../lib/api-client';
import type { RescheduleMode } from '../../lib/reschedule-mode';
import type { MoveTarget } from './move-target';

// The API calls live in the dialogs, not in an *-api.ts module: those are part of every first
// load (vite.config.ts, 'app-shell'), and only these lazy dialogs make them.

/** PATCH /api/bookings/{id}/reschedule: the session at a new start and, maybe, a new length. */
function rescheduleBooking(id: string, start: Date, durationMinutes: SessionDuration) {
  const body: RescheduleBody = {
    start_time: start.toISOString(),
    duration_minutes: durationMinutes,
  };
  return api<RescheduleData>('PATCH', `/api/bookings/${id}/reschedule`, { body });
}

/**
 * The difference of a longer session was paid and verified, or why not; `unconfirmed`: paid, but
 * the server could not be reached to confirm it (it will be settled without the browser).
 */
export type PaymentOutcome = 'paid' | 'dismissed' | { error: string } | { unconfirmed: true };

type PaymentRequired = Extract<RescheduleData, { outcome: 'payment_required' }>;

interface RescheduleDialogProps {
  role: 'patient' | 'psychologist';
  target: MoveTarget;
  now: Date;
  /** The time picker, handed in by the app (features do not import each other). */
  renderPicker: (
    mode: RescheduleMode,
    onPick: (start: Date, durationMinutes: SessionDuration) => void,
  ) => ReactNode;
  /** Opens the checkout for a longer length's difference and verifies it (handed in by the app). */
  payDifference: (required: PaymentRequired) => Promise<PaymentOutcome>;
  /** A time already chosen (a pill dropped on a cell): the dialog opens at confirming it. */
  initialStart?: Date | undefined;
  /** The patient may not move it: offer to cancel instead. */
  onCancelInstead?: (() => void) | undefined;
  /** The session moved (or the time was taken meanwhile): refresh the calendar and the lists. */
  onChanged: () => Promise<unknown>;
  onClose: () => void;
}

interface Choice {
  start: Date;
  durationMinutes: SessionDuration;
}

type Step =
  | { kind: 'pick' }
  | ({ kind: 'confirm'; working: boolean } & Choice)
  | ({ kind: 'done'; refundPaise: number | null; paidPaise: number | null } & Choice)
  | { kind: 'unconfirmed' };

/** What the change did, in one sentence or two. */
function doneMessage(
  t: Translate,
  step: Extract<Step, { kind: 'done' }>,
  fromMinutes: SessionDuration,
  when: string,
  patient: boolean,
  target: MoveTarget,
): string {
  const what =
    step.durationMinutes === fromMinutes
      ? t('reschedule.done.moved', { when })
      : t('reschedule.done.resized', { minutes: step.durationMinutes, when });
  const money = step.paidPaise
    ? t('reschedule.done.paid', { amount: formatInr(step.paidPaise) })
    : step.refundPaise
      ? t('reschedule.done.refunding', { amount: formatInr(step.refundPaise) })
      : '';
  if (patient)
    return [what, money, t('reschedule.done.psychologistTold')].filter(Boolean).join(' ');
  if (!target.withPatient) return what;
  const told = target.withName
    ? t('reschedule.done.patientEmailed', { name: target.withName })
    : t('reschedule.done.unnamedPatientEmailed');
  return `${what} ${told}`;
}

/**
 * Reschedule (issue 18): the patient picks a new time, and maybe length, within their session's
 * policy, or the psychologist any free time of their own calendar; then old and new side by side
 * with what a change of length costs or returns, and "Move session" (or "Pay ₹… and change", through
 * the checkout). A patient the policy refuses reads why and may cancel instead.
 */
export function RescheduleDialog({
  role,
  target,
  now,
  renderPicker,
  payDifference,
  initialStart,
  onCancelInstead,
  onChanged,
  onClose,
}: RescheduleDialogProps) {
  const t = useT();
  const [step, setStep] = useState<Step>(() =>
    initialStart
      ? {
          kind: 'confirm',
          start: initialStart,
          durationMinutes: target.durationMinutes,
          working: false,
        }
      : { kind: 'pick' },
  );
  const [error, setError] = useState<string | null>(null);
  const patient = role === 'patient';
  // As the server reads it: a session without a readable copy of its policy has the defaults.
  const policy = useMemo(() => readPolicy(target.policy), [target.policy]);
  const refusal = patient
    ? patientMoveRefusal(
        { startsAt: new Date(target.startDate), patientMoves: target.patientMoves },
        policy,
        now,
      )
    : null;
  // The patient changes the length of their session at the rates it was booked at; the
  // psychologist only of their own events (a patient's fee is the patient's to change).
  const rates = target.bookedRates;
  const mode = useMemo<RescheduleMode>(
    () => ({
      durationMinutes: target.durationMinutes,
      // The psychologist's move leaves the patient a day to answer, as the server requires.
      policy: patient ? policy : target.withPatient ? PSYCHOLOGIST_MOVE_POLICY : null,
      current: { startDate: target.startDate, endDate: target.endDate },
      lengths: patient
        ? rates
          ? { rates: bookedRatesInr(rates) }
          : null
        : target.withPatient
          ? null
          : { rates: null },
    }),
    [
      target.durationMinutes,
      target.startDate,
      target.endDate,
      target.withPatient,
      rates,
      patient,
      policy,
    ],
  );
  /** Paise the chosen length costs more (positive) or returns (negative). */
  const feeChange = (durationMinutes: SessionDuration) =>
    rates ? lengthChangePaise(rates, target.durationMinutes, durationMinutes) : 0;
  const busy = step.kind === 'confirm' && step.working;
  const close = () => {
    if (!busy) onClose();
  };
  const when = (start: Date) => formatSessionStart(start, target.timeZone);

  async function move(choice: Choice) {
    setError(null);
    setStep({ kind: 'confirm', ...choice, working: true });
    let paidPaise: number | null = null;
    let refundPaise: number | null = null;
    try {
      const data = await rescheduleBooking(target.id, choice.start, choice.durationMinutes);
      if (data.outcome === 'payment_required') {
        const paid = await payDifference(data);
        if (paid !== 'paid') {
          if (paid !== 'dismissed' && 'unconfirmed' in paid) {
            setStep({ kind: 'unconfirmed' });
            return;
          }
          setError(
            paid === 'dismissed'
              ? t('reschedule.paymentNotCompleted', {
                  time: formatClock(new Date(data.expires_at), target.timeZone),
                })
              : paid.error,
          );
          setStep({ kind: 'confirm', ...choice, working: false });
          await onChanged().catch(() => undefined);
          return;
        }
        paidPaise = data.amount;
      } else refundPaise = data.refund_paise;
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('reschedule.genericError'));
      // Taken, no longer possible, or the session changed meanwhile: choose again from what is now.
      const retake =
        caught instanceof ApiError &&
        ['SLOT_TAKEN', 'SLOT_UNAVAILABLE', 'SESSION_CHANGED'].includes(caught.code);
      if (retake) {
        await onChanged().catch(() => undefined);
        setStep({ kind: 'pick' });
      } else setStep({ kind: 'confirm', ...choice, working: false });
      return;
    }
    await onChanged().catch(() => undefined);
    setStep({ kind: 'done', ...choice, refundPaise, paidPaise });
  }

  let body: ReactNode;
  if (refusal && policy) {
    body = (
      <>
        <Notice tone="info">{moveRefusalText(t, refusal, policy)}</Notice>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('reschedule.close')}
          </Button>
          {onCancelInstead && (
            <Button variant="danger" onClick={onCancelInstead}>
              {t('reschedule.cancelSession')}
            </Button>
          )}
        </div>
      </>
    );
  } else if (step.kind === 'pick') {
    body = (
      <>
        {error && <Notice tone="error">{error}</Notice>}
        {renderPicker(mode, (start, durationMinutes) => {
          setError(null);
          setStep({ kind: 'confirm', start, durationMinutes, working: false });
        })}
      </>
    );
  } else if (step.kind === 'confirm') {
    const movesLeft = policy ? policy.patientMovesPerSession - target.patientMoves - 1 : 0;
    const resized = step.durationMinutes !== target.durationMinutes;
    const change = feeChange(step.durationMinutes);
    body = (
      <>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
          <dt className="text-slate-600">{t('reschedule.now')}</dt>
          <dd className="text-slate-700 line-through decoration-slate-400">
            {when(new Date(target.startDate))}
            {resized ? ` · ${t('reschedule.minutes', { minutes: target.durationMinutes })}` : ''}
          </dd>
          <dt className="text-slate-600">{t('reschedule.new')}</dt>
          <dd className="font-semibold text-slate-900">
            {when(step.start)}
            {resized ? ` · ${t('reschedule.minutes', { minutes: step.durationMinutes })}` : ''}
          </dd>
        </dl>
        {change !== 0 && (
          <p className="text-sm font-medium text-slate-900">
            {change > 0
              ? t('reschedule.payMore', { amount: formatInr(change) })
              : t('reschedule.getBack', { amount: formatInr(-change) })}
          </p>
        )}
        {patient && policy ? (
          <p className="text-sm text-slate-700">
            {movesLeft > 0
              ? `${rescheduleTermsText(t, step.start, policy, target.timeZone)} ${t('reschedule.movesLeft', { count: movesLeft })}`
              : t('reschedule.lastMove')}
          </p>
        ) : target.withPatient ? (
          <p className="text-sm text-slate-700">{t('reschedule.patientWillBeEmailed')}</p>
        ) : null}
        {error && <Notice tone="error">{error}</Notice>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setError(null);
              setStep({ kind: 'pick' });
            }}
          >
            {t('reschedule.chooseAnother')}
          </Button>
          <Button
            disabled={busy}
            onClick={() => void move({ start: step.start, durationMinutes: step.durationMinutes })}
          >
            {busy
              ? t(change > 0 ? 'reschedule.paying' : 'reschedule.moving')
              : change > 0
                ? t('reschedule.payAndChange', { amount: formatInr(change) })
                : t(resized ? 'reschedule.changeSession' : 'reschedule.moveSession')}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {busy ? t('reschedule.changing') : ''}
        </p>
      </>
    );
  } else if (step.kind === 'unconfirmed') {
    body = (
      <>
        <Notice tone="info">{t('reschedule.unconfirmed')}</Notice>
        <Button onClick={close} className="w-full sm:w-auto sm:self-end">
          {t('reschedule.close')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Notice tone="success">
          {doneMessage(t, step, target.durationMinutes, when(step.start), patient, target)}
        </Notice>
        <Button onClick={close} className="w-full sm:w-auto sm:self-end">
          {t('reschedule.doneButton')}
        </Button>
      </>
    );
  }

  return (
    <Modal
      open
      wide={step.kind === 'pick' && !refusal}
      onOpenChange={(open) => !open && close()}
      title={t('reschedule.title')}
    >
      <div className="flex flex-col gap-4">
        <div>
          <p className="font-semibold break-words text-slate-900">{target.title}</p>
          <p className="text-sm text-slate-700">
            {when(new Date(target.startDate))}
            {target.withName ? ` · ${t('reschedule.with', { name: target.withName })}` : ''}
          </p>
        </div>
        {body}
      </div>
    </Modal>
  );
}
