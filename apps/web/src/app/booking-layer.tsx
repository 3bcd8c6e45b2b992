import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { CalendarEvent, Role } from '@sukoon/shared';
import type { CalendarProps } from '../features/calendar/calendar';
import { BookingFlow, type BookingStart } from '../features/booking/booking-flow';
import { openCheckout } from '../features/payments/open-checkout';
import { usePaymentsConfig, verifyPayment } from '../features/payments/payments-api';
import { usePsychologistRecord } from './psychologist-query';

/**
 * Wires the booking feature to the calendar and to the payments feature's checkout: the calendar's
 * slot, 'Add Event' and event clicks start the flow; the flow pays through openCheckout.
 * `editExtra` adds a section to the Edit Event form (the attendance feature's Patient Attendance).
 */
export function useBookingLayer(
  role: Role,
  psychologistId: string | null,
  editExtra?: (event: CalendarEvent) => ReactNode,
): { calendarProps: Partial<CalendarProps>; layer: ReactNode } {
  const [request, setRequest] = useState<BookingStart | null>(null);
  // A fresh form for every start, so nothing of an earlier one lingers.
  const [generation, setGeneration] = useState(0);
  const payments = usePaymentsConfig();
  const psychologist = usePsychologistRecord(psychologistId);
  const queryClient = useQueryClient();

  const start = (next: BookingStart) => {
    setGeneration((value) => value + 1);
    setRequest(next);
  };
  const calendarProps: Partial<CalendarProps> =
    role === 'patient'
      ? { onBookSlot: (slot) => start({ kind: 'new', ...slot }) }
      : {
          // The specification's default new-event length is 20 minutes.
          onAddEvent: (at) => start({ kind: 'new', start: at, durationMinutes: 20 }),
          onOpenEvent: (event) => start({ kind: 'edit', event }),
        };

  const layer =
    request && psychologist.data ? (
      <BookingFlow
        // Namespaced: the dashboard renders this beside other layers with counters of their own.
        key={`booking-${generation}`}
        role={role}
        psychologist={psychologist.data}
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
    ) : null;
  return { calendarProps, layer };
}
