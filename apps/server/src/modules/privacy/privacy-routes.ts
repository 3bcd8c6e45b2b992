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
      const data = await privacy.exportFor(actor);
      const day = data.exported_at.slice(0, 10);
      void reply.header('content-disposition', `attachment; filename="sukoon-data-${day}.json"`);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data, error: null };
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
