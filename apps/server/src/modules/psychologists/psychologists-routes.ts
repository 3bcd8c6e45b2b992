import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ListPsychologistsQuery,
  Psychologist,
  PsychologistListItem,
  UpdatePsychologistBody,
  okEnvelope,
} from '@sukoon/shared';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { personalAnswers } from '../../plugins/personal-answers';
import { createPsychologistsService } from './psychologists-service';

const IdParams = z.object({ id: z.uuid('The psychologist id is not valid') });

export const psychologistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const psychologists = createPsychologistsService(app.database.db);
  const personal = personalAnswers(app);

  app.get(
    '/api/psychologists',
    {
      schema: {
        tags: ['psychologists'],
        summary:
          'Verified psychologists a patient can book with: profile, fees in rupees and the first ' +
          'bookable 20-minute start in the next 28 days (next_available), soonest first',
        security: [{ bearer: [] }],
        querystring: ListPsychologistsQuery,
        response: { 200: okEnvelope(z.array(PsychologistListItem)) },
      },
    },
    async (request) => {
      requireAuth(request);
      return {
        success: true as const,
        data: await psychologists.list(request.query),
        error: null,
      };
    },
  );

  app.get(
    '/api/psychologists/:id',
    {
      // Kept per reader: the psychologist themselves reads more of it (their meeting links).
      preValidation: personal.fromCache,
      schema: {
        tags: ['psychologists'],
        summary:
          'One psychologist: name, time zone, session fees in rupees and profile (and, to the ' +
          'psychologist themselves, how their meeting links are made)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: okEnvelope(Psychologist) },
      },
    },
    async (request, reply) => {
      const reader = requireAuth(request);
      return personal.answer(request, reply, reader.id, async () => ({
        payload: {
          success: true as const,
          data: await psychologists.get(request.params.id, reader),
          error: null,
        },
      }));
    },
  );

  app.patch(
    '/api/psychologists/:id',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['psychologists'],
        summary:
          'Change your own profile: full name, time zone, fees in rupees, specializations, ' +
          'languages, bio, years of practice, registration number, how meeting links are made',
        security: [{ bearer: [] }],
        params: IdParams,
        body: UpdatePsychologistBody,
        response: { 200: okEnvelope(Psychologist) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await psychologists.update(actor, request.params.id, request.body);
      return { success: true as const, data, error: null };
    },
  );
};
