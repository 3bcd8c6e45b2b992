import { z } from 'zod';

export const HealthStatus = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    reachable: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    schemaVersion: z.number().int().nullable(),
  }),
  uptimeSeconds: z.number(),
});
export type HealthStatus = z.infer<typeof HealthStatus>;
