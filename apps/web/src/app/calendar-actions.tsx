import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import {
  canCancelSession,
  type BookingListItem,
  type CalendarEvent,
  type CreateOrderData,
  type Role,
} from '@sukoon/shared';
import type { FormExtraContext } from '../features/booking/event-form-dialog';
import type { CalendarProps } from '../features/calendar/calendar';
import { targetFromEvent, type CancelTarget } from '../features/cancellation/cancel-api';
import { preloadWhenIdle } from '../lib/lazy';
import { BookingFlow, useBookingLayer } from './booking-layer';
import { CancelAppointmentDialog, useCancelLayer } from './cancel-layer';
import { RescheduleFlow, RescheduleSection, useRescheduleLayer } from './reschedule-layer';

/** A patient's booked session that has not started: it can be moved (issue 18). */
const movable = (event: CalendarEvent, now: Date) =>
  event.status === 'booked' && event.patientId !== null && canCancelSession(event, now);

/**
 * What both dashboards wire around their calendar: booking (slot, Add Event, event clicks) and
 * Cancel Appointment (a pill's Delete Event, a list's Cancel). Their dialogs are fetched once the
 * dashboard is idle, so they are not part of its first load yet open at once.
 */
export function useCalendarActions(
  role: Role,
  calendarOwner: string | null,
  ownerZone: string,
  now: Date,
  editExtra?: (event: CalendarEvent, context: FormExtraContext) => ReactNode,
): {
  calendarProps: Partial<CalendarProps>;
  openCancel: (target: CancelTarget) => void;
  /** Reschedule, or the patient's answer to a move, for a session of Your sessions. */
  reschedule: ReturnType<typeof useRescheduleLayer>;
  /** Reopens the checkout of a patient's unpaid hold (Your sessions' Resume payment). */
  resumePayment: (order: CreateOrderData, hold: BookingListItem) => void;
  layers: ReactNode;
} {
  const reschedule = useRescheduleLayer(role, now);
  const cancel = useCancelLayer(role, now);
  const moveTarget = (event: CalendarEvent) => ({ event, viewer: role, timeZone: ownerZone });
  const cancelInstead = (event: CalendarEvent) => () =>
    cancel.open(targetFromEvent(event, role, ownerZone));
  /** The patient's own booked pill: answer a move, or move it. */
  const openPatientEvent = (event: CalendarEvent) =>
    event.movedFrom
      ? reschedule.answer(moveTarget(event))
      : reschedule.move(moveTarget(event), { cancelInstead: cancelInstead(event) });
  // The psychologist's Edit Event form of a patient's session: Reschedule above the other sections.
  const withReschedule =
    role === 'psychologist'
      ? (event: CalendarEvent, context: FormExtraContext) => (
          <>
            {movable(event, now) && (
              <Suspense fallback={null}>
                <RescheduleSection
                  unsaved={context.unsaved}
                  movedFrom={event.movedFrom?.startDate ?? null}
                  timeZone={ownerZone}
                  onReschedule={() => {
                    context.close();
                    reschedule.move(moveTarget(event));
                  }}
                />
              </Suspense>
            )}
            {editExtra?.(event, context)}
          </>
        )
      : editExtra;
  const booking = useBookingLayer(role, calendarOwner, withReschedule);
  useEffect(
    () =>
      preloadWhenIdle(BookingFlow.preload, CancelAppointmentDialog.preload, RescheduleFlow.preload),
    [],
  );
  const patientOpen = booking.calendarProps.onOpenEvent;
  // Made anew only when what they read changes: the week grid draws again when a predicate does.
  const predicates = useMemo(
    () => ({
      canOpenEvent: (event: CalendarEvent) => event.status === 'held' || movable(event, now),
      // A moved session waits for its patient's answer before it can move again.
      canMoveEvent: (event: CalendarEvent) => movable(event, now) && !event.movedFrom,
      // 'Delete Event' only on a session that can still be canceled (booked, not started).
      // A patient answers a psychologist's move from its notice (where canceling refunds in full).
      canDeleteEvent: (event: CalendarEvent) =>
        canCancelSession(event, now) && !(role === 'patient' && event.movedFrom),
    }),
    [role, now],
  );
  return {
    calendarProps: {
      ...booking.calendarProps,
      ...(role === 'patient'
        ? {
            onOpenEvent: (event: CalendarEvent) =>
              event.status === 'held' ? patientOpen?.(event) : openPatientEvent(event),
            canOpenEvent: predicates.canOpenEvent,
          }
        : {
            onMoveEvent: (event: CalendarEvent, start: Date) =>
              reschedule.move(moveTarget(event), { initialStart: start }),
            canMoveEvent: predicates.canMoveEvent,
          }),
      onDeleteEvent: (event: CalendarEvent) => cancel.open(targetFromEvent(event, role, ownerZone)),
      canDeleteEvent: predicates.canDeleteEvent,
    },
    openCancel: cancel.open,
    reschedule,
    resumePayment: booking.resumePayment,
    layers: (
      <>
        {booking.layer}
        {cancel.layer}
        {reschedule.layer}
      </>
    ),
  };
}
