import { useMemo, useState, type ReactNode } from 'react';
import {
  formatSessionStart,
  patientMoveRefusal,
  patientMoveRefusalMessage,
  PSYCHOLOGIST_MOVE_POLICY,
  readPolicy,
  rescheduleTerms,
  type BookingPolicy,
  type CalendarEvent,
  type RescheduleBody,
  type SessionDuration,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/text-field';
import { api, ApiError } from '../../lib/api-client';
import type { MoveTarget } from './move-target';

// The API calls live in the dialogs, not in an *-api.ts module: those are part of every first
// load (vite.config.ts, 'app-shell'), and only these lazy dialogs make them.

/** PATCH /api/bookings/{id}/reschedule: the same session at a new start; its length stays. */
function rescheduleBooking(id: string, start: Date) {
  const body: RescheduleBody = { start_time: start.toISOString() };
  return api<CalendarEvent>('PATCH', `/api/bookings/${id}/reschedule`, { body });
}

/** What the time picker needs to offer the times a session can move to (issue 18). */
export interface PickerMode {
  durationMinutes: SessionDuration;
  policy: BookingPolicy | null;
  current: { startDate: string; endDate: string };
}

interface RescheduleDialogProps {
  role: 'patient' | 'psychologist';
  target: MoveTarget;
  now: Date;
  /** The time picker, handed in by the app (features do not import each other). */
  renderPicker: (mode: PickerMode, onPick: (start: Date) => void) => ReactNode;
  /** A time already chosen (a pill dropped on a cell): the dialog opens at confirming it. */
  initialStart?: Date | undefined;
  /** The patient may not move it: offer to cancel instead. */
  onCancelInstead?: (() => void) | undefined;
  /** The session moved (or the time was taken meanwhile): refresh the calendar and the lists. */
  onChanged: () => Promise<unknown>;
  onClose: () => void;
}

type Step =
  | { kind: 'pick' }
  | { kind: 'confirm'; start: Date; working: boolean }
  | { kind: 'done'; start: Date };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Reschedule (issue 18): the patient picks a new time of the same length within their session's
 * policy, or the psychologist any free time of their own calendar; then old and new side by side,
 * and "Move session". A patient the policy refuses reads why and may cancel instead.
 */
export function RescheduleDialog({
  role,
  target,
  now,
  renderPicker,
  initialStart,
  onCancelInstead,
  onChanged,
  onClose,
}: RescheduleDialogProps) {
  const [step, setStep] = useState<Step>(() =>
    initialStart ? { kind: 'confirm', start: initialStart, working: false } : { kind: 'pick' },
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
  const mode = useMemo<PickerMode>(
    () => ({
      durationMinutes: target.durationMinutes,
      // The psychologist's move leaves the patient a day to answer, as the server requires.
      policy: patient ? policy : PSYCHOLOGIST_MOVE_POLICY,
      current: { startDate: target.startDate, endDate: target.endDate },
    }),
    [target.durationMinutes, target.startDate, target.endDate, patient, policy],
  );
  const busy = step.kind === 'confirm' && step.working;
  const close = () => {
    if (!busy) onClose();
  };
  const when = (start: Date) => formatSessionStart(start, target.timeZone);

  async function move(start: Date) {
    setError(null);
    setStep({ kind: 'confirm', start, working: true });
    try {
      await rescheduleBooking(target.id, start);
    } catch (caught) {
      setError(
        caught instanceof Error ? caught.message : 'Something went wrong. Please try again.',
      );
      // Taken or no longer possible: choose again from what is free now.
      const retake =
        caught instanceof ApiError && ['SLOT_TAKEN', 'SLOT_UNAVAILABLE'].includes(caught.code);
      if (retake) {
        await onChanged().catch(() => undefined);
        setStep({ kind: 'pick' });
      } else setStep({ kind: 'confirm', start, working: false });
      return;
    }
    await onChanged().catch(() => undefined);
    setStep({ kind: 'done', start });
  }

  let body: ReactNode;
  if (refusal && policy) {
    body = (
      <>
        <Notice tone="info">{patientMoveRefusalMessage(refusal, policy)}</Notice>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          {onCancelInstead && (
            <Button variant="danger" onClick={onCancelInstead}>
              Cancel session
            </Button>
          )}
        </div>
      </>
    );
  } else if (step.kind === 'pick') {
    body = (
      <>
        {error && <Notice tone="error">{error}</Notice>}
        {renderPicker(mode, (start) => {
          setError(null);
          setStep({ kind: 'confirm', start, working: false });
        })}
      </>
    );
  } else if (step.kind === 'confirm') {
    const movesLeft = policy ? policy.patientMovesPerSession - target.patientMoves - 1 : 0;
    body = (
      <>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
          <dt className="text-slate-600">Now:</dt>
          <dd className="text-slate-700 line-through decoration-slate-400">
            {when(new Date(target.startDate))}
          </dd>
          <dt className="text-slate-600">New:</dt>
          <dd className="font-semibold text-slate-900">{when(step.start)}</dd>
        </dl>
        {patient && policy ? (
          <p className="text-sm text-slate-700">
            {movesLeft > 0
              ? `${rescheduleTerms(step.start, policy, target.timeZone)} After this move you have ${plural(movesLeft, 'move')} left.`
              : 'This is the last time this session can be moved online.'}
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            The patient will be emailed and can keep the new time or cancel for a full refund.
          </p>
        )}
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
            Choose another time
          </Button>
          <Button disabled={busy} onClick={() => void move(step.start)}>
            {busy ? 'Moving…' : 'Move session'}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {busy ? 'Moving the session…' : ''}
        </p>
      </>
    );
  } else {
    body = (
      <>
        <Notice tone="success">
          {patient
            ? `Moved to ${when(step.start)}. Your psychologist is told by email.`
            : `Moved to ${when(step.start)}. ${target.withName ?? 'The patient'} is emailed to keep the new time or cancel for a full refund.`}
        </Notice>
        <Button onClick={close} className="w-full sm:w-auto sm:self-end">
          Done
        </Button>
      </>
    );
  }

  return (
    <Modal
      open
      wide={step.kind === 'pick' && !refusal}
      onOpenChange={(open) => !open && close()}
      title="Reschedule session"
    >
      <div className="flex flex-col gap-4">
        <div>
          <p className="font-semibold break-words text-slate-900">{target.title}</p>
          <p className="text-sm text-slate-700">
            {when(new Date(target.startDate))}
            {target.withName ? ` · with ${target.withName}` : ''}
          </p>
        </div>
        {body}
      </div>
    </Modal>
  );
}
