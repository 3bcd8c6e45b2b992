import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AttendanceBody, CalendarEvent, MeetingLinkBody, okEnvelope } from '@sukoon/shared';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { createAttendanceService } from './attendance-service';

const BookingId = z.object({ id: z.uuid('The booking id is not valid') });

/** Meeting links and attendance: the booking's own psychologist only. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const attendance = createAttendanceService({
    db: app.database.db,
    publicUrl: app.env.publicUrl,
    onMailQueued: () => app.mailer.wake(),
  });

  app.patch(
    '/api/bookings/:id/meeting-link',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['attendance'],
        summary:
          'Set or change a session’s meeting link (https:// only; its psychologist only); the patient is emailed the link',
        security: [{ bearer: [] }],
        params: BookingId,
        body: MeetingLinkBody,
        response: { 200: okEnvelope(CalendarEvent) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await attendance.setMeetingLink(
        actor,
        request.params.id,
        request.body.meetingLink,
      );
      return { success: true as const, data, error: null };
    },
  );

  app.patch(
    '/api/bookings/:id/attendance',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['attendance'],
        summary:
          'Mark a started session present (attended) or absent (canceled) with notes, or reset it to scheduled (its psychologist only)',
        security: [{ bearer: [] }],
        params: BookingId,
        body: AttendanceBody,
        response: { 200: okEnvelope(CalendarEvent) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await attendance.markAttendance(actor, request.params.id, request.body);
      return { success: true as const, data, error: null };
    },
  );
};
