import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ListPsychologistsQuery,
  Psychologist,
  PsychologistListItem,
  UpdatePsychologistBody,
  okEnvelope,
  psychologistsPath,
} from '@sukoon/shared';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { personalAnswers, sendJson } from '../../plugins/personal-answers';
import { createPsychologistsService } from './psychologists-service';

const IdParams = z.object({ id: z.uuid('The psychologist id is not valid') });

/** The directory cache's one group: every change to any psychologist drops all of it. */
const DIRECTORY = 'directory';
/**
 * How long a list may be kept at most. Every change is announced and drops it at once, and the clock's
 * own changes are foreseen (`changesAt`); this bound only limits how long a missed one could matter.
 */
const DIRECTORY_CACHE_MS = 60_000;

export const psychologistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const psychologists = createPsychologistsService(app.database.db);
  const personal = personalAnswers(app);

  const { caches } = app;
  app.get(
    '/api/psychologists',
    {
      // The same answer for every signed-in reader, so one copy per address serves them all. A
      // cached address passed validation when first answered: a hit is sent before it is parsed
      // again (after the sign-in check, which runs first).
      preValidation: (request, reply, done) => {
        const body = caches.live ? caches.directory.get(request.url, Date.now()) : undefined;
        if (body === undefined) done();
        else sendJson(reply, body);
      },
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
    async (request, reply) => {
      requireAuth(request);
      const now = Date.now();
      // Taken before the read: a change that lands while it runs keeps this answer out.
      const ticket = caches.directory.ticket(DIRECTORY);
      const { items, changesAt } = await psychologists.list(request.query, new Date(now));
      const body = reply.serialize({ success: true as const, data: items, error: null }) as string;
      // Only the address the app asks for is kept (extra parameters cannot fill the cache).
      if (caches.live && request.url === psychologistsPath(request.query)) {
        const keepUntil = Math.min(now + DIRECTORY_CACHE_MS, changesAt?.getTime() ?? Infinity);
        caches.directory.set(request.url, body, keepUntil, ticket);
      }
      return sendJson(reply, body);
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
