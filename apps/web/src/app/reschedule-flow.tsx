import type { ReactNode } from 'react';
import type { BookingListItem, CalendarEvent, CheckoutParams, MoveDecision } from '@sukoon/shared';
import { Button } from '../components/ui/button';
import { useT, type Translate } from '../i18n/i18n';
import { MoveDecisionDialog } from '../features/reschedule/move-decision-dialog';
import {
  moveTargetFromBooking,
  moveTargetFromEvent,
  type MoveTarget,
} from '../features/reschedule/move-target';
import { openCheckout } from '../features/payments/open-checkout';
import { verifyPayment } from '../features/payments/payments-api';
import { ApiError } from '../lib/api-client';
import { RescheduleDialog, type PaymentOutcome } from '../features/reschedule/reschedule-dialog';
import { TimePicker } from '../features/time-picker/time-picker';
import { usePsychologistRecord } from './psychologist-query';
import { formatSessionStart } from '../lib/dates';

/**
 * A longer length's difference: the checkout, then the server's verification, which makes the
 * change. A verification that cannot reach the server (or finds it unavailable) is tried again with
 * the same payment, never paid again: if it still cannot, the patient is told not to pay twice,
 * as the webhook or the reconciliation settles that payment.
 */
async function payDifference(
  { checkout }: { checkout: CheckoutParams },
  t: Translate,
): Promise<PaymentOutcome> {
  const result = await openCheckout(checkout);
  if (result === 'dismissed') return 'dismissed';
  if (result === 'failed') return { error: t('reschedule.paymentFailed') };
  for (const delayMs of [0, 1000, 3000]) {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      await verifyPayment(result);
      return 'paid';
    } catch (caught) {
      // The server answered with why it refused the payment (it is being refunded): final.
      if (caught instanceof ApiError && caught.status < 500) return { error: caught.message };
    }
  }
  return { unconfirmed: true };
}

/**
 * The session to move or answer for, as the calendar or Your sessions has it: this lazy flow turns
 * it into the reschedule feature's target, so that conversion is not part of the first load.
 */
export type MoveSource =
  | { event: CalendarEvent; viewer: 'patient' | 'psychologist'; timeZone: string }
  | { booking: BookingListItem; timeZone: string };

/** What the reschedule layer has open: a move to choose, or an answer to a psychologist's move. */
export type RescheduleRequest =
  | { kind: 'move'; source: MoveSource; initialStart?: Date | undefined }
  | { kind: 'answer'; source: MoveSource; decision?: MoveDecision | undefined };

function targetOf(source: MoveSource): MoveTarget {
  return 'event' in source
    ? moveTargetFromEvent(source.event, source.viewer, source.timeZone)
    : moveTargetFromBooking(source.booking, source.timeZone);
}

/** When the psychologist moved it from, while the patient has not answered. */
function movedFromOf(source: MoveSource): string | null {
  return 'event' in source
    ? (source.event.movedFrom?.startDate ?? null)
    : source.booking.moved_from_start;
}

/** "Dr X moved this session from Tue 2 Dec, 10:00 AM to Thu 4 Dec, 11:30 AM." */
export function movedSentence(t: Translate, target: MoveTarget, movedFrom: string): string {
  const when = (instant: string) => formatSessionStart(new Date(instant), target.timeZone);
  const times = { from: when(movedFrom), to: when(target.startDate) };
  return target.withName
    ? t('reschedule.movedBy', { name: target.withName, ...times })
    : t('reschedule.movedByYourPsychologist', times);
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
  const t = useT();
  const target = targetOf(request.source);
  const psychologist = usePsychologistRecord(target.psychologistId);
  const movedFrom = movedFromOf(request.source);
  if (request.kind === 'answer' && movedFrom) {
    return (
      <MoveDecisionDialog
        source={{ kind: 'session', bookingId: target.id }}
        decision={request.decision}
        summary={movedSentence(t, target, movedFrom)}
        onChanged={onChanged}
        onClose={onClose}
      />
    );
  }
  return (
    <RescheduleDialog
      role={role}
      target={target}
      now={now}
      initialStart={request.kind === 'move' ? request.initialStart : undefined}
      onCancelInstead={onCancelInstead}
      onChanged={onChanged}
      onClose={onClose}
      renderPicker={(mode, onPick) => (
        <TimePicker
          psychologist={psychologist.data}
          reschedule={mode}
          onPick={({ start, durationMinutes }) => onPick(start, durationMinutes)}
        />
      )}
      payDifference={(required) => payDifference(required, t)}
    />
  );
}

/** The Edit Event form's Reschedule, for a patient's booked session that has not started. */
export function RescheduleSection({
  unsaved,
  movedFrom,
  timeZone,
  onReschedule,
}: {
  unsaved: boolean;
  /** Where the psychologist moved it from (ISO), while the patient has not answered; else null. */
  movedFrom: string | null;
  /** The psychologist's zone, for that time. */
  timeZone: string;
  onReschedule: () => void;
}): ReactNode {
  const t = useT();
  return (
    <section aria-labelledby="reschedule-section" className="flex flex-col gap-2">
      <h3 id="reschedule-section" className="text-sm font-semibold text-slate-900">
        {t('reschedule.section.heading')}
      </h3>
      <p className="text-sm text-slate-600">
        {movedFrom
          ? t('reschedule.section.waiting', {
              from: formatSessionStart(new Date(movedFrom), timeZone),
            })
          : t(unsaved ? 'reschedule.section.unsaved' : 'reschedule.section.hint')}
      </p>
      <Button
        variant="secondary"
        className="self-start"
        disabled={unsaved || movedFrom !== null}
        onClick={onReschedule}
      >
        {t('reschedule.section.button')}
      </Button>
    </section>
  );
}
