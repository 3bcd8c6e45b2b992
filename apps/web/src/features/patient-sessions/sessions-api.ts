import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_LIMITS, type BookingListItem, type CreateOrderData } from '@sukoon/shared';
import { api, apiPage } from '../../lib/api-client';

/**
 * Every booking of the user, read page by page (the list is paged, oldest first). "Your sessions"
 * needs the whole set: the upcoming sessions are at the end of it and the recent cancellations
 * anywhere, so the pages are fetched one after another and shown once all are in.
 */
export async function fetchAllBookings(
  userId: string,
  signal?: AbortSignal,
): Promise<BookingListItem[]> {
  // By id: a row is shown once even if a page were to repeat it.
  const all = new Map<string, BookingListItem>();
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof apiPage<BookingListItem>>> =
      await apiPage<BookingListItem>(
        `/api/bookings/user/${userId}`,
        { limit: PAGE_LIMITS.max, cursor },
        { signal },
      );
    for (const item of page.items) all.set(item.id, item);
    // A server that handed the same cursor back would otherwise loop for ever.
    if (page.nextCursor !== null && seen.has(page.nextCursor)) break;
    cursor = page.nextCursor;
    if (cursor !== null) seen.add(cursor);
  } while (cursor !== null);
  return [...all.values()];
}

/** All of the user's bookings, canceled ones and their refunds included (oldest first). */
export function useMyBookings(userId: string) {
  return useQuery({
    queryKey: ['bookings', userId],
    queryFn: ({ signal }) => fetchAllBookings(userId, signal),
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

/** Past: booked sessions that have ended (attended or not), latest first. */
export function pastBookings(bookings: readonly BookingListItem[], now: Date) {
  return bookings
    .filter(
      (booking) => booking.status === 'booked' && Date.parse(booking.end_time) <= now.getTime(),
    )
    .sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
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

/** Holds awaiting payment whose slot is still kept (a checkout closed mid-payment), soonest expiry first. */
export function heldBookings(bookings: readonly BookingListItem[], now: Date) {
  return bookings
    .filter(
      (booking) =>
        booking.status === 'held' &&
        booking.hold_expires_at !== null &&
        Date.parse(booking.hold_expires_at) > now.getTime(),
    )
    .sort((a, b) => Date.parse(a.hold_expires_at!) - Date.parse(b.hold_expires_at!));
}

/** Lets go of the patient's own hold, so the slot is free again (and the calendars show it free). */
export function useReleaseHold(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      api<{ id: string; released: true }>('DELETE', `/api/bookings/holds/${bookingId}`),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings', userId] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]);
    },
  });
}

/** The open order of the patient's live hold (the same order and amount), to reopen its checkout. */
export function fetchHoldOrder(bookingId: string) {
  return api<CreateOrderData>('GET', `/api/bookings/holds/${bookingId}/order`);
}
