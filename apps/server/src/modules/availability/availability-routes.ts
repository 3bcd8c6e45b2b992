import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Availability,
  AvailabilityChange,
  AvailabilityQuery,
  SlotChange,
  ToggleDayBody,
  ToggleSegmentBody,
  ToggleSlotBody,
  okEnvelope,
} from '@sukoon/shared';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { createAvailabilityService } from './availability-service';

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const availability = createAvailabilityService(app.database.db);
  const security = [{ bearer: [] }];

  app.get(
    '/api/availability',
    {
      schema: {
        tags: ['availability'],
        summary:
          'A psychologist’s day parts, days off, blocked slots and busy intervals for up to 42 days',
        security,
        querystring: AvailabilityQuery,
        response: { 200: okEnvelope(Availability) },
      },
    },
    async (request) => {
      requireAuth(request);
      return { success: true as const, data: await availability.get(request.query), error: null };
    },
  );

  app.patch(
    '/api/availability/toggle-segment',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['availability'],
        summary: 'Mark one day part of one date available or unavailable (your own calendar)',
        security,
        body: ToggleSegmentBody,
        response: { 200: okEnvelope(AvailabilityChange) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await availability.toggleSegment(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.patch(
    '/api/availability/toggle-day',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['availability'],
        summary: 'Mark a whole date not available, or available again (your own calendar)',
        security,
        body: ToggleDayBody,
        response: { 200: okEnvelope(AvailabilityChange) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await availability.toggleDay(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.patch(
    '/api/availability/toggle-slot',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['availability'],
        summary: 'Block or unblock one half-hour slot (your own calendar)',
        security,
        body: ToggleSlotBody,
        response: { 200: okEnvelope(SlotChange) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await availability.toggleSlot(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );
};
