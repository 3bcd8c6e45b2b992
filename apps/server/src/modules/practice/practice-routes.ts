import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PracticeQuery, PracticeSummary, okEnvelope } from '@sukoon/shared';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { createPracticeService } from './practice-service';

/**
 * A psychologist's own practice over a month, quarter or financial year (IST): the figures of the
 * Practice page, and its sessions and money as CSV for an accountant. Psychologists only.
 */
/** How long a summary may be answered from memory when no change to the practice was announced. */
const SUMMARY_CACHE_MS = 60_000;

export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const practice = createPracticeService(app.database.db);
  const tags = ['practice'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/practice/summary',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags,
        summary:
          'Your practice in a period: sessions by outcome, money (gross, refunds, penalties, net), weeks, booked hours, new and returning patients',
        security,
        querystring: PracticeQuery,
        response: { 200: okEnvelope(PracticeSummary) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request, 'psychologist');
      const { practice: cache, live } = app.caches;
      const key = `${actor.id}|${request.query.period}`;
      // Kept serialised, as the calendar's answers are: a hit costs neither the database nor the
      // response schema's walk over 53 weeks and the heat map.
      let body = live ? cache.get(key, Date.now()) : undefined;
      if (body === undefined) {
        // Taken before the read: a change that lands while it runs keeps its answer out of the cache.
        const ticket = cache.ticket(actor.id);
        const data = await practice.summary(actor.id, request.query.period);
        body = reply.serialize({ success: true as const, data, error: null }) as string;
        if (live) cache.set(key, body, Date.now() + SUMMARY_CACHE_MS, ticket);
      }
      // A string is sent as it is (already through this route's own serializer, now or when cached).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  const csvExports = [
    {
      name: 'sessions',
      summary: 'Your sessions of a period as CSV (by start, IST)',
      build: (id: string, period: string) => practice.sessionsCsv(id, period),
    },
    {
      name: 'money',
      summary:
        'Your money of a period as CSV: a row per captured payment, refund and penalty (by when it moved, IST)',
      build: (id: string, period: string) => practice.moneyCsv(id, period),
    },
  ];
  for (const { name, summary, build } of csvExports) {
    app.get(
      `/api/practice/${name}.csv`,
      {
        preValidation: signedIn('psychologist'),
        schema: {
          tags,
          summary,
          security,
          querystring: PracticeQuery,
          response: { 200: z.string().describe('text/csv, UTF-8 with BOM') },
        },
      },
      async (request, reply) => {
        const actor = requireAuth(request, 'psychologist');
        const csv = await build(actor.id, request.query.period);
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="sukoon-${name}-${request.query.period}.csv"`,
          )
          .send(csv);
      },
    );
  }
};
