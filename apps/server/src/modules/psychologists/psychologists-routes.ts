import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Psychologist, UpdatePsychologistBody, okEnvelope } from '@sukoon/shared';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { createPsychologistsService } from './psychologists-service';

const IdParams = z.object({ id: z.uuid('The psychologist id is not valid') });

export const psychologistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const psychologists = createPsychologistsService(app.database.db);

  app.get(
    '/api/psychologists',
    {
      schema: {
        tags: ['psychologists'],
        summary: 'Verified psychologists a patient can book with, with their fees in rupees',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(z.array(Psychologist)) },
      },
    },
    async (request) => {
      requireAuth(request);
      return { success: true as const, data: await psychologists.list(), error: null };
    },
  );

  app.get(
    '/api/psychologists/:id',
    {
      schema: {
        tags: ['psychologists'],
        summary: 'One psychologist: display name, time zone and session fees in rupees',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: okEnvelope(Psychologist) },
      },
    },
    async (request) => {
      requireAuth(request);
      return {
        success: true as const,
        data: await psychologists.get(request.params.id),
        error: null,
      };
    },
  );

  app.patch(
    '/api/psychologists/:id',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['psychologists'],
        summary: 'Change your own profile: display name, time zone, session fees in rupees',
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
