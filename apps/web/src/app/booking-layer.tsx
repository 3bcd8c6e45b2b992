import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import type { BookingListItem, CalendarEvent, CreateOrderData, Role } from '@sukoon/shared';
import type { CalendarProps } from '../features/calendar/calendar';
import type { BookingStart } from '../features/booking/booking-flow';
import type { FormExtraContext } from '../features/booking/event-form-dialog';
import { useSession } from '../features/auth/session';
import { fetchHoldOrder } from '../features/patient-sessions/sessions-api';
import { usePaymentsConfig, verifyPayment } from '../features/payments/payments-api';
import { lazyWithPreload } from '../lib/lazy';
import { loadCheckout, openCheckout } from './checkout';
import { usePsychologistRecord } from './psychologist-query';

/** The Add Event form, Complete Your Booking and Booking Confirmed: not part of the first load. */
export const BookingFlow = lazyWithPreload(() =>
  import('../features/booking/booking-flow').then((module) => module.BookingFlow),
);

/**
 * Wires the booking feature to the calendar and to the payments feature's checkout: the calendar's
 * slot, 'Add Event' and event clicks start the flow; the flow pays through openCheckout.
 * `editExtra` adds a section to the Edit Event form (the attendance feature's Patient Attendance).
 */
export function useBookingLayer(
  role: Role,
  psychologistId: string | null,
  editExtra?: (event: CalendarEvent, context: FormExtraContext) => ReactNode,
): {
  calendarProps: Partial<CalendarProps>;
  resumePayment: (order: CreateOrderData, hold: BookingListItem) => void;
  layer: ReactNode;
} {
  const [request, setRequest] = useState<BookingStart | null>(null);
  // A fresh form for every start, so nothing of an earlier one lingers.
  const [generation, setGeneration] = useState(0);
  const payments = usePaymentsConfig();
  const { session } = useSession();
  // A resumed hold may be with another psychologist than the calendar shows.
  const psychologist = usePsychologistRecord(
    request?.kind === 'resume' ? request.psychologistId : psychologistId,
  );
  const queryClient = useQueryClient();

  // A patient who starts booking will pay next: fetch the checkout while they fill in the form.
  const booking = request !== null && role === 'patient';
  useEffect(() => {
    if (booking) void loadCheckout().catch(() => undefined);
  }, [booking]);

  const start = (next: BookingStart) => {
    setGeneration((value) => value + 1);
    setRequest(next);
  };
  const resumePayment = (order: CreateOrderData, hold: BookingListItem) =>
    start({
      kind: 'resume',
      psychologistId: hold.psychologist_id,
      order,
      start: new Date(hold.start_time),
      durationMinutes: hold.duration === 45 ? 45 : 20,
      title: hold.title,
      description: hold.description,
    });
  /** The patient's own unpaid hold, opened from its pill: the same order's checkout again. */
  const resumeHeld = async (event: CalendarEvent) => {
    try {
      const order = await fetchHoldOrder(event.id);
      start({
        kind: 'resume',
        psychologistId: event.psychologistId,
        order,
        start: new Date(event.startDate),
        durationMinutes: event.durationMinutes === 45 ? 45 : 20,
        title: event.title,
        description: event.description,
      });
    } catch {
      // The hold has just ended: redraw without its pill; the slot is free again.
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: ['availability'] });
    }
  };
  const calendarProps: Partial<CalendarProps> =
    role === 'patient'
      ? {
          onBookSlot: (slot) => start({ kind: 'new', ...slot }),
          onOpenEvent: (event) => void resumeHeld(event),
        }
      : {
          // The specification's default new-event length is 20 minutes.
          onAddEvent: (at) => start({ kind: 'new', start: at, durationMinutes: 20 }),
          onOpenEvent: (event) => start({ kind: 'edit', event }),
        };

  const layer =
    request && psychologist.data ? (
      // Nothing in its place while the form loads: it opens over the calendar a moment later.
      <Suspense fallback={null}>
        <BookingFlow
          // Namespaced: the dashboard renders this beside other layers with counters of their own.
          key={`booking-${generation}`}
          role={role}
          psychologist={psychologist.data}
          payer={role === 'patient' ? session?.user : undefined}
          request={request}
          checkout={{
            provider: payments.data?.provider,
            testMode: payments.data?.testMode ?? true,
            open: openCheckout,
            verify: verifyPayment,
          }}
          editExtra={editExtra}
          onFinished={() => {
            setRequest(null);
            // The patient's own list of sessions (Your sessions) shows a new booking at once.
            void queryClient.invalidateQueries({ queryKey: ['bookings'] });
          }}
        />
      </Suspense>
    ) : null;
  return { calendarProps, resumePayment, layer };
}
