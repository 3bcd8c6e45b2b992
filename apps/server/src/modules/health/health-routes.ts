import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody, ERRORS, HealthStatus, okEnvelope } from '@sukoon/shared';

const startedAt = Date.now();

/** Load balancers and operators ask here whether this instance can serve; 503 when the database is gone. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database are reachable, and the schema version',
        response: {
          200: okEnvelope(HealthStatus),
          503: z.object({ success: z.literal(false), data: HealthStatus, error: ApiErrorBody }),
        },
      },
    },
    async (_request, reply) => {
      const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
      const schemaVersion = await app.database.schemaVersion().catch(() => null);
      const reachable = schemaVersion !== null;
      const data = {
        status: reachable ? ('ok' as const) : ('unavailable' as const),
        database: { reachable, driver: app.database.driver, schemaVersion },
        uptimeSeconds,
      };
      if (reachable) return reply.status(200).send({ success: true, data, error: null });
      const error = { code: 'SERVICE_UNAVAILABLE', message: ERRORS.SERVICE_UNAVAILABLE.message };
      return reply.status(503).send({ success: false, data, error });
    },
  );
};
