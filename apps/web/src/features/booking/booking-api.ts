import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarEvent,
  CreateOrderBody,
  CreateOrderData,
  EventCreateBody,
  EventUpdateBody,
} from '@sukoon/shared';
import { api } from '../../lib/api-client';

/** Holds the slot for 10 minutes and opens the order; the server decides the amount. */
export function createOrder(body: CreateOrderBody) {
  return api<CreateOrderData>('POST', '/api/payments/create-order', { body });
}

/** Gives the slot back at once when the checkout is dismissed or fails. */
export function releaseHold(bookingId: string) {
  return api<{ id: string; released: true }>('DELETE', `/api/bookings/holds/${bookingId}`);
}

/** After a booking or a change, the calendar (own events and everyone's busy slots) refreshes at once. */
export function useRefreshCalendar() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['events'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]);
}

/** A psychologist's own event: added, or changed when it already has an id. */
export function useSaveEvent() {
  const refresh = useRefreshCalendar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: EventCreateBody | EventUpdateBody }) =>
      id
        ? api<CalendarEvent>('PUT', `/api/events/${id}`, { body })
        : api<CalendarEvent>('POST', '/api/events', { body }),
    onSuccess: () => refresh(),
  });
}
