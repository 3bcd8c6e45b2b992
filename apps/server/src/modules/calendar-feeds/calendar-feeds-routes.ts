import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_FEED,
  CalendarFeedLink,
  CalendarFeedSettingsBody,
  CalendarFeedStatus,
  FeedSecretParams,
  okEnvelope,
} from '@sukoon/shared';
import negotiate from '@fastify/accept-negotiator';
import { AppError } from '../../lib/errors';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { encodedEtag } from './built-feed';
import { createCalendarFeedsService } from './calendar-feeds-service';
import { createFeedServer } from './feed-serving';
import { ifNoneMatchHits } from './if-none-match';

/**
 * Private calendar subscription feeds: the signed-in user turns theirs on (the address is shown
 * once), resets or turns it off; calendar apps fetch `/api/calendar-feeds/{secret}.ics` with no
 * sign-in, the secret being the key.
 */
export const calendarFeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const feeds = createCalendarFeedsService({ db: app.database.db, publicUrl: app.env.publicUrl });
  const served = createFeedServer({
    db: app.database.db,
    publicUrl: app.env.publicUrl,
    cache: app.caches.feeds,
    live: () => app.caches.live,
  });
  // Per owner, so a reset link starts no fresh count; only once the secret is known to exist, so
  // a wrong one writes nothing of its own.
  const perFeed = app.keyLimits('calendar-feed', { max: CALENDAR_FEED.requestsPerWindow });
  const misses = app.missLimits('calendar-feed', { max: CALENDAR_FEED.missesPerWindow });
  const tags = ['calendar feeds'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/calendar-feeds/:secret.ics',
    {
      schema: {
        tags,
        summary:
          'A private calendar feed (iCalendar): its owner’s sessions from 30 days back to 52 weeks ahead; no sign-in, the secret is the key',
        params: FeedSecretParams,
        response: { 200: z.string().describe('text/calendar') },
      },
    },
    async (request, reply) => {
      misses.refuseIfBlocked(request, reply);
      const found = await feeds.find(request.params.secret);
      if (!found) {
        await misses.miss(request, reply);
        throw new AppError('CALENDAR_FEED_NOT_FOUND');
      }
      await perFeed(request, reply, found.user.id);
      const encoding =
        negotiate(request.headers['accept-encoding'] ?? '', ['gzip', 'identity']) === 'gzip'
          ? 'gzip'
          : 'identity';
      const asked = request.headers['if-none-match'];
      const { etag, feed } = await served.feed(
        found,
        (tag) => !ifNoneMatchHits(asked, encodedEtag(tag, encoding)),
      );
      const tag = encodedEtag(etag, encoding);
      void reply
        .header('cache-control', 'private')
        .header('etag', tag)
        .header('vary', 'accept-encoding');
      if (!feed || ifNoneMatchHits(asked, tag)) {
        // Not modified: no body (the response schema describes the 200's).
        return (reply as FastifyReply).code(304).send();
      }
      if (encoding === 'gzip') void reply.header('content-encoding', 'gzip');
      return (reply as FastifyReply)
        .type('text/calendar; charset=utf-8')
        .send(encoding === 'gzip' ? feed.gzip : feed.body);
    },
  );

  app.get(
    '/api/calendar-feeds/me',
    {
      schema: {
        tags,
        summary: 'Whether your calendar feed is on (never its address again)',
        security,
        response: { 200: okEnvelope(CalendarFeedStatus) },
      },
    },
    async (request) => {
      const data = await feeds.status(requireAuth(request));
      return { success: true as const, data, error: null };
    },
  );

  app.post(
    '/api/calendar-feeds/me',
    {
      schema: {
        tags,
        summary: 'Turn your calendar feed on: answers its address, shown this once',
        security,
        response: { 200: okEnvelope(CalendarFeedLink) },
      },
    },
    async (request) => {
      const data = await feeds.turnOn(requireAuth(request));
      return { success: true as const, data, error: null };
    },
  );

  app.post(
    '/api/calendar-feeds/me/reset',
    {
      schema: {
        tags,
        summary: 'Reset your calendar feed’s link: a new address, the old one refused at once',
        security,
        response: { 200: okEnvelope(CalendarFeedLink) },
      },
    },
    async (request) => {
      const data = await feeds.reset(requireAuth(request));
      return { success: true as const, data, error: null };
    },
  );

  app.patch(
    '/api/calendar-feeds/me',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags,
        summary:
          'Psychologists: show patients’ full names in your feed, or only first names (the default)',
        security,
        body: CalendarFeedSettingsBody,
        response: { 200: okEnvelope(CalendarFeedStatus) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await feeds.updateSettings(actor, request.body.showFullDetails);
      return { success: true as const, data, error: null };
    },
  );

  app.delete(
    '/api/calendar-feeds/me',
    {
      schema: {
        tags,
        summary: 'Turn your calendar feed off: its address stops working at once',
        security,
        response: { 200: okEnvelope(CalendarFeedStatus) },
      },
    },
    async (request) => {
      const data = await feeds.turnOff(requireAuth(request));
      return { success: true as const, data, error: null };
    },
  );
};
