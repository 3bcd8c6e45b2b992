import { useQuery } from '@tanstack/react-query';
import type { BookingListItem } from '@sukoon/shared';
import { api } from '../../lib/api-client';

/** All of the user's bookings, canceled ones and their refunds included (oldest first). */
export function useMyBookings(userId: string) {
  return useQuery({
    queryKey: ['bookings', userId],
    queryFn: ({ signal }) =>
      api<BookingListItem[]>('GET', `/api/bookings/user/${userId}`, { signal }),
    // A pending refund is retried by the server; look again until it is processed.
    refetchInterval: (query) =>
      query.state.data?.some((booking) => booking.refund?.status === 'pending') ? 10_000 : 60_000,
  });
}

/** Upcoming: booked and not yet ended, soonest first. */
export function upcomingBookings(bookings: readonly BookingListItem[], now: Date) {
  return bookings
    .filter(
      (booking) => booking.status === 'booked' && Date.parse(booking.end_time) > now.getTime(),
    )
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
}

/**
 * Canceled sessions (by the patient or the psychologist), latest first. Holds given up during payment
 * are canceled too, but nobody canceled them: they were never sessions and are left out.
 */
export function canceledBookings(bookings: readonly BookingListItem[], limit = 5) {
  return bookings
    .filter((booking) => booking.status === 'canceled' && booking.canceled_by !== null)
    .sort(
      (a, b) =>
        Date.parse(b.canceled_at ?? b.start_time) - Date.parse(a.canceled_at ?? a.start_time),
    )
    .slice(0, limit);
}
