import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addIsoDays,
  zonedInstant,
  type AttendanceBody,
  type CalendarEvent,
  type IsoDate,
  type MeetingLinkBody,
} from '@sukoon/shared';
import { api } from '../../lib/api-client';

/** The attendance box lists the last 4 weeks and the next 2 (42 days, one /api/events call). */
export const WINDOW_PAST_DAYS = 28;
export const WINDOW_FUTURE_DAYS = 14;

export function sessionWindow(today: IsoDate, timeZone: string) {
  return {
    startDate: zonedInstant(addIsoDays(today, -WINDOW_PAST_DAYS), 0, timeZone).toISOString(),
    endDate: zonedInstant(addIsoDays(today, WINDOW_FUTURE_DAYS), 0, timeZone).toISOString(),
  };
}

/** The psychologist's sessions of the window, in their zone. Shares the calendar's ['events'] key. */
export function useSessionWindow(today: IsoDate, timeZone: string, enabled = true) {
  const { startDate, endDate } = sessionWindow(today, timeZone);
  return useQuery({
    queryKey: ['events', startDate, endDate],
    queryFn: ({ signal }) =>
      api<CalendarEvent[]>('GET', '/api/events', { query: { startDate, endDate }, signal }),
    enabled,
    refetchInterval: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** After a change, every view of the events (grid, box, lists) reads the server's answer again. */
function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['events'] });
}

/** PATCH /api/bookings/{id}/attendance: Present, Absent or back to scheduled, with notes. */
export function useMarkAttendance() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AttendanceBody }) =>
      api<CalendarEvent>('PATCH', `/api/bookings/${id}/attendance`, { body }),
    onSuccess: () => refresh(),
  });
}

/** PATCH /api/bookings/{id}/meeting-link: the server emails the patient the new link. */
export function useSaveMeetingLink() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MeetingLinkBody }) =>
      api<CalendarEvent>('PATCH', `/api/bookings/${id}/meeting-link`, { body }),
    onSuccess: () => refresh(),
  });
}
