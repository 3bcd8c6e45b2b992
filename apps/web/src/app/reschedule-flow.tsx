import type { ReactNode } from 'react';
import { formatSessionStart, type MoveDecision } from '@sukoon/shared';
import { Button } from '../components/ui/button';
import { MoveDecisionDialog } from '../features/reschedule/move-decision-dialog';
import type { MoveTarget } from '../features/reschedule/move-target';
import { RescheduleDialog } from '../features/reschedule/reschedule-dialog';
import { TimePicker } from '../features/time-picker/time-picker';
import { usePsychologistRecord } from './psychologist-query';

/** What the reschedule layer has open: a move to choose, or an answer to a psychologist's move. */
export type RescheduleRequest =
  | { kind: 'move'; target: MoveTarget; initialStart?: Date | undefined }
  | { kind: 'answer'; target: MoveTarget; movedFrom: string; decision?: MoveDecision | undefined };

/** "Dr X moved this session from Tue 2 Dec, 10:00 AM to Thu 4 Dec, 11:30 AM." */
export function movedSentence(target: MoveTarget, movedFrom: string): string {
  const when = (instant: string) => formatSessionStart(new Date(instant), target.timeZone);
  return `${target.withName ?? 'Your psychologist'} moved this session from ${when(movedFrom)} to ${when(target.startDate)}.`;
}

interface RescheduleFlowProps {
  role: 'patient' | 'psychologist';
  request: RescheduleRequest;
  now: Date;
  onCancelInstead?: (() => void) | undefined;
  onChanged: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The reschedule feature's dialogs with the time picker handed in (features do not import each
 * other). Loaded when a Reschedule button or a moved session is first opened, never at first load.
 */
export function RescheduleFlow({
  role,
  request,
  now,
  onCancelInstead,
  onChanged,
  onClose,
}: RescheduleFlowProps) {
  const psychologist = usePsychologistRecord(request.target.psychologistId);
  if (request.kind === 'answer') {
    return (
      <MoveAnswer
        request={request}
        onChanged={onChanged}
        onClose={onClose}
        key={request.decision}
      />
    );
  }
  return (
    <RescheduleDialog
      role={role}
      target={request.target}
      now={now}
      initialStart={request.initialStart}
      onCancelInstead={onCancelInstead}
      onChanged={onChanged}
      onClose={onClose}
      renderPicker={(mode, onPick) => (
        <TimePicker
          psychologist={psychologist.data}
          reschedule={mode}
          onPick={({ start }) => onPick(start)}
        />
      )}
    />
  );
}

function MoveAnswer({
  request,
  onChanged,
  onClose,
}: {
  request: Extract<RescheduleRequest, { kind: 'answer' }>;
  onChanged: () => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <MoveDecisionDialog
      source={{ kind: 'session', bookingId: request.target.id }}
      decision={request.decision}
      summary={movedSentence(request.target, request.movedFrom)}
      onChanged={onChanged}
      onClose={onClose}
    />
  );
}

/** The Edit Event form's Reschedule, for a patient's booked session that has not started. */
export function RescheduleSection({
  unsaved,
  onReschedule,
}: {
  unsaved: boolean;
  onReschedule: () => void;
}): ReactNode {
  return (
    <section aria-labelledby="reschedule-section" className="flex flex-col gap-2">
      <h3 id="reschedule-section" className="text-sm font-semibold text-slate-900">
        Time
      </h3>
      <p className="text-sm text-slate-600">
        {unsaved
          ? 'Save or undo your changes first, then move the session.'
          : 'Move it to another free time; the patient can keep it or cancel for a full refund.'}
      </p>
      <Button variant="secondary" className="self-start" disabled={unsaved} onClick={onReschedule}>
        Reschedule
      </Button>
    </section>
  );
}
