import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  availabilityPath,
  type Availability,
  type CalendarEvent,
  type Psychologist,
  type ToggleDayBody,
  type ToggleSegmentBody,
  type ToggleSlotBody,
} from '@sukoon/shared';
import { api } from '../../lib/api-client';

/** Another viewer's booking shows up within seconds without a reload. */
const LIVE_REFRESH_MS = 5_000;
/**
 * How long a range's answer is used as it is, without asking again when it is shown: a week fetched
 * ahead is drawn from it at once, and the live refresh above keeps the shown range current anyway.
 */
const RANGE_STALE_MS = 30_000;

export function usePsychologist(id: string) {
  return useQuery({
    queryKey: ['psychologists', id],
    queryFn: ({ signal }) => api<Psychologist>('GET', `/api/psychologists/${id}`, { signal }),
  });
}

/** A psychologist's availability for a range of dates (both ends included). */
export const availabilityQuery = (psychologistId: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['availability', psychologistId, from, to],
    queryFn: ({ signal }) =>
      api<Availability>('GET', availabilityPath({ psychologistId, from, to }), { signal }),
    staleTime: RANGE_STALE_MS,
  });

/** The viewer's events between two instants. */
export const eventsQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: ['events', startDate, endDate],
    queryFn: ({ signal }) =>
      api<CalendarEvent[]>('GET', '/api/events', { query: { startDate, endDate }, signal }),
    staleTime: RANGE_STALE_MS,
  });

/**
 * The displayed range's availability, refreshed live. While another range loads the previous one's
 * answer is kept (`isPlaceholderData`): the grid shows it as loading, never as that range's state.
 */
export function useAvailability(psychologistId: string, from: string, to: string) {
  return useQuery({
    ...availabilityQuery(psychologistId, from, to),
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useEvents(startDate: string, endDate: string) {
  return useQuery({
    ...eventsQuery(startDate, endDate),
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

function useAvailabilityMutation<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api<unknown>('PATCH', path, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['availability'] }),
  });
}

export const useToggleSegment = () =>
  useAvailabilityMutation<ToggleSegmentBody>('/api/availability/toggle-segment');
export const useToggleDay = () =>
  useAvailabilityMutation<ToggleDayBody>('/api/availability/toggle-day');
export const useToggleSlot = () =>
  useAvailabilityMutation<ToggleSlotBody>('/api/availability/toggle-slot');
