import { useMutation, useQuery } from '@tanstack/react-query';
import type { PracticeSummary } from '@sukoon/shared';
import { api } from '../../lib/api-client';
import { apiFile, saveFile } from '../../lib/download';

/** GET /api/practice/summary: the period's figures, kept on screen while the next period loads. */
export function usePracticeSummary(period: string) {
  return useQuery({
    queryKey: ['practice', period],
    queryFn: ({ signal }) =>
      api<PracticeSummary>('GET', '/api/practice/summary', { query: { period }, signal }),
    // The previous period stays on screen (dimmed) while the next loads. Not TanStack's
    // keepPreviousData: importing it would add it to the framework chunk of every first load.
    placeholderData: (previous) => previous,
  });
}

export type PracticeExport = 'sessions' | 'money';

/** Downloads the period's sessions or money as CSV; answers the file's name. */
export function useDownloadPracticeCsv() {
  return useMutation({
    mutationFn: async ({ name, period }: { name: PracticeExport; period: string }) => {
      const query = new URLSearchParams({ period });
      const { blob, fileName } = await apiFile(`/api/practice/${name}.csv?${query}`);
      const saved = fileName ?? `sukoon-${name}-${period}.csv`;
      saveFile(blob, saved);
      return saved;
    },
  });
}
