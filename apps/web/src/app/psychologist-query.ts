import { useQuery } from '@tanstack/react-query';
import type { Psychologist } from '@sukoon/shared';
import { api } from '../lib/api-client';

/** The psychologist whose calendar is open (rates, name, time zone); shared by the app's layers. */
export function usePsychologistRecord(psychologistId: string | null) {
  return useQuery({
    queryKey: ['psychologists', psychologistId],
    queryFn: ({ signal }) =>
      api<Psychologist>('GET', `/api/psychologists/${psychologistId}`, { signal }),
    enabled: psychologistId !== null,
  });
}
