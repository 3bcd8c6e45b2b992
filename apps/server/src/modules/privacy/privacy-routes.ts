import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountExport, DeleteAccountBody, DeleteAccountData, okEnvelope } from '@sukoon/shared';
import { requireAuth } from '../../plugins/authenticate';
import { createPrivacyService } from './privacy-service';

/** The signed-in user's own data: download it, or delete the account (withdrawing consent). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const privacy = createPrivacyService({
    db: app.database.db,
    payments: app.payments,
    publicUrl: app.env.publicUrl,
    onMailQueued: () => app.mailer.wake(),
  });
  const tags = ['privacy'];

  app.get(
    '/api/users/me/export',
    {
      schema: {
        tags,
        summary: 'Download everything Sukoon holds about you, as JSON',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(AccountExport) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      const chunks = privacy.exportChunks(actor);
      // The first piece is read before answering, so a failure here is still a proper error answer.
      const first = await chunks.next();
      const day = new Date().toISOString().slice(0, 10);
      void reply.header('content-disposition', `attachment; filename="sukoon-data-${day}.json"`);
      void reply.header('cache-control', 'no-store');
      void reply.type('application/json; charset=utf-8');
      // Streamed: written to the response as it is read from the database, batch by batch.
      // The response schema documents the body; a stream is sent as it is, not serialized.
      return (reply as FastifyReply).send(
        Readable.from(
          (async function* () {
            if (!first.done) yield first.value;
            yield* chunks;
          })(),
        ),
      );
    },
  );

  app.delete(
    '/api/users/me',
    {
      schema: {
        tags,
        summary:
          'Delete your account (withdraw consent): upcoming sessions canceled and refunded, past records anonymised',
        security: [{ bearer: [] }],
        body: DeleteAccountBody,
        response: { 200: okEnvelope(DeleteAccountData) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await privacy.deleteAccount(actor, request.body.password);
      return { success: true as const, data, error: null };
    },
  );
};
