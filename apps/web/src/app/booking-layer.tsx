import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Psychologist, Role } from '@sukoon/shared';
import type { CalendarProps } from '../features/calendar/calendar';
import { BookingFlow, type BookingStart } from '../features/booking/booking-flow';
import { openCheckout } from '../features/payments/open-checkout';
import { usePaymentsConfig, verifyPayment } from '../features/payments/payments-api';
import { api } from '../lib/api-client';

/**
 * Wires the booking feature to the calendar and to the payments feature's checkout: the calendar's
 * slot, 'Add Event' and event clicks start the flow; the flow pays through openCheckout.
 */
export function useBookingLayer(
  role: Role,
  psychologistId: string | null,
): { calendarProps: Partial<CalendarProps>; layer: ReactNode } {
  const [request, setRequest] = useState<BookingStart | null>(null);
  // A fresh form for every start, so nothing of an earlier one lingers.
  const [generation, setGeneration] = useState(0);
  const payments = usePaymentsConfig();
  const psychologist = useQuery({
    queryKey: ['psychologists', psychologistId],
    queryFn: ({ signal }) =>
      api<Psychologist>('GET', `/api/psychologists/${psychologistId}`, { signal }),
    enabled: psychologistId !== null,
  });

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
        key={generation}
        role={role}
        psychologist={psychologist.data}
        request={request}
        checkout={{
          provider: payments.data?.provider,
          testMode: payments.data?.testMode ?? true,
          open: openCheckout,
          verify: verifyPayment,
        }}
        onFinished={() => setRequest(null)}
      />
    ) : null;
  return { calendarProps, layer };
}
