import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfig, okEnvelope } from '@sukoon/shared';

/** What the browser needs before anyone signs in (for example whether the demo identities exist). */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['health'],
        summary: 'Public settings of this server',
        response: { 200: okEnvelope(PublicConfig) },
      },
    },
    async () => ({
      success: true as const,
      data: { demo: app.env.DEMO, payments: app.payments.publicConfig() },
      error: null,
    }),
  );
};
