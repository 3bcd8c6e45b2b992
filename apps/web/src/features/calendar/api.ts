import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Availability,
  CalendarEvent,
  Psychologist,
  ToggleDayBody,
  ToggleSegmentBody,
  ToggleSlotBody,
} from '@sukoon/shared';
import { api } from '../../lib/api-client';

/** Another viewer's booking shows up within seconds without a reload. */
const LIVE_REFRESH_MS = 5_000;

export function usePsychologist(id: string) {
  return useQuery({
    queryKey: ['psychologists', id],
    queryFn: ({ signal }) => api<Psychologist>('GET', `/api/psychologists/${id}`, { signal }),
  });
}

export function useAvailability(psychologistId: string, from: string, to: string) {
  return useQuery({
    queryKey: ['availability', psychologistId, from, to],
    queryFn: ({ signal }) =>
      api<Availability>('GET', '/api/availability', {
        query: { psychologistId, from, to },
        signal,
      }),
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useEvents(startDate: string, endDate: string) {
  return useQuery({
    queryKey: ['events', startDate, endDate],
    queryFn: ({ signal }) =>
      api<CalendarEvent[]>('GET', '/api/events', { query: { startDate, endDate }, signal }),
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
