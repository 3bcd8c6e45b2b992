import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarFeedLink,
  CalendarFeedSettingsBody,
  CalendarFeedStatus,
} from '@sukoon/shared';
import { api } from '../../lib/api-client';

// Named api.ts, not calendar-feed-api.ts: vite.config.ts puts every *-api.ts in the first load's
// app-shell chunk, and this feature is fetched only when its dialog opens.

const KEY = ['calendar-feed'];

/** GET /api/calendar-feeds/me: on or off (the address is never sent again). */
export function useFeedStatus() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<CalendarFeedStatus>('GET', '/api/calendar-feeds/me', { signal }),
    staleTime: 0,
  });
}

/** Turn on, or reset the link: the answer carries the address, shown this once. */
export function useFeedLink(kind: 'turn-on' | 'reset') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<CalendarFeedLink>(
        'POST',
        kind === 'turn-on' ? '/api/calendar-feeds/me' : '/api/calendar-feeds/me/reset',
      ),
    onSuccess: ({ enabled, showFullDetails }) =>
      client.setQueryData<CalendarFeedStatus>(KEY, { enabled, showFullDetails }),
  });
}

export function useTurnOffFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeedStatus>('DELETE', '/api/calendar-feeds/me'),
    onSuccess: (status) => client.setQueryData(KEY, status),
  });
}

/** A psychologist's choice of full names and problem descriptions in their feed. */
export function useFeedSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarFeedSettingsBody) =>
      api<CalendarFeedStatus>('PATCH', '/api/calendar-feeds/me', { body }),
    onSuccess: (status) => client.setQueryData(KEY, status),
  });
}
