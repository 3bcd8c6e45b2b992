import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@sukoon/shared';
import { api } from '../../lib/api-client';

/**
 * GET /api/bookings/{id}/history, only while `enabled` (the section is open). Kept under the
 * calendar's ['events'] key, so a change to the session (attendance, link, cancel) reloads it.
 */
export function useSessionHistory(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['events', 'history', bookingId],
    queryFn: ({ signal }) =>
      api<AuditEvent[]>('GET', `/api/bookings/${bookingId}/history`, { signal }),
    enabled,
    staleTime: 0,
  });
}
