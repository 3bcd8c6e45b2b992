// Zod-free, so the web app's first load can use it without zod (decision 0017); availability.ts re-exports it.

/** One availability read: whose calendar, from and to which day (YYYY-MM-DD, both included). */
export interface AvailabilityQuery {
  psychologistId: string;
  from: string;
  to: string;
}

/**
 * The address of one availability read, its parameters always in this order: the server keeps an
 * answer in memory only for exactly this address, so the web app asks with it.
 */
export function availabilityPath({ psychologistId, from, to }: AvailabilityQuery): string {
  const query = [
    `psychologistId=${encodeURIComponent(psychologistId)}`,
    `from=${encodeURIComponent(from)}`,
    `to=${encodeURIComponent(to)}`,
  ];
  return `/api/availability?${query.join('&')}`;
}
