import { useEffect, type ReactNode } from 'react';
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
  /** Reopens the checkout of a patient's unpaid hold (Your sessions' Resume payment). */
  resumePayment: (order: CreateOrderData, hold: BookingListItem) => void;
  layers: ReactNode;
} {
  const booking = useBookingLayer(role, calendarOwner, editExtra);
  const cancel = useCancelLayer(role, now);
  useEffect(() => preloadWhenIdle(BookingFlow.preload, CancelAppointmentDialog.preload), []);
  return {
    calendarProps: {
      ...booking.calendarProps,
      onDeleteEvent: (event: CalendarEvent) => cancel.open(targetFromEvent(event, role, ownerZone)),
      // 'Delete Event' only on a session that can still be canceled (booked, not started).
      canDeleteEvent: (event: CalendarEvent) => canCancelSession(event, now),
    },
    openCancel: cancel.open,
    resumePayment: booking.resumePayment,
    layers: (
      <>
        {booking.layer}
        {cancel.layer}
      </>
    ),
  };
}
