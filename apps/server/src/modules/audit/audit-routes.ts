import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEvent, okEnvelope } from '@sukoon/shared';
import { AppError, localizedError } from '../../lib/errors';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { createBookingsRepository } from '../bookings/bookings-repository';
import { createAuditRepository } from './audit-repository';

/** A psychologist reads the history of their own sessions. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = createAuditRepository(app.database.db);
  const bookings = createBookingsRepository(app.database.db);

  app.get(
    '/api/bookings/:id/history',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['audit'],
        summary:
          'Who did what to one of your sessions: created, paid, link set, attendance marked, canceled, refunded (its psychologist only)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid('The booking id is not valid') }),
        response: { 200: okEnvelope(z.array(AuditEvent)) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const row = await bookings.findById(request.params.id);
      if (!row) throw new AppError('BOOKING_NOT_FOUND');
      if (row.booking.psychologistId !== actor.id) {
        throw localizedError('FORBIDDEN', 'error.audit.onlyPsychologist');
      }
      return {
        success: true as const,
        data: await audit.listForBooking(row.booking.id),
        error: null,
      };
    },
  );
};
