import { createHash } from 'node:crypto';
import {
  CALENDAR_FEED,
  calendarFeedUrls,
  type CalendarFeedLink,
  type CalendarFeedStatus,
} from '@sukoon/shared';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import type { Database } from '../../db/client';
import type { calendarFeeds } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import { createCalendarFeedsRepository } from './calendar-feeds-repository';
import { feedCalendar } from './feed-calendar';

const DAY_MS = 24 * 60 * 60 * 1000;

function statusOf(row: typeof calendarFeeds.$inferSelect | undefined): CalendarFeedStatus {
  return { enabled: row !== undefined, showFullDetails: row?.showFullDetails ?? false };
}

/** A strong validator of the feed's bytes: equal bytes, equal tag, across processes. */
function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

export function createCalendarFeedsService({
  db,
  publicUrl,
  clock = () => new Date(),
}: {
  db: Database;
  publicUrl: string;
  clock?: () => Date;
}) {
  const repository = createCalendarFeedsRepository(db);

  function linkFor(row: typeof calendarFeeds.$inferSelect, secret: string): CalendarFeedLink {
    return { ...statusOf(row), ...calendarFeedUrls(publicUrl, secret) };
  }

  function newSecret() {
    const secret = newSecretToken();
    return { secret, hash: hashSecretToken(secret) };
  }

  return {
    async status(actor: AuthUser): Promise<CalendarFeedStatus> {
      return statusOf(await repository.findByUser(actor.id));
    },

    /** Turns the feed on and shows its address, once. */
    async turnOn(actor: AuthUser): Promise<CalendarFeedLink> {
      const { secret, hash } = newSecret();
      const row = await repository.create(actor.id, hash);
      if (!row) throw new AppError('CALENDAR_FEED_ALREADY_ON');
      return linkFor(row, secret);
    },

    /** A new address; the old one is refused from this commit on, by every server process. */
    async reset(actor: AuthUser): Promise<CalendarFeedLink> {
      const { secret, hash } = newSecret();
      const row = await repository.replaceSecret(actor.id, hash);
      if (!row) throw new AppError('CALENDAR_FEED_OFF');
      return linkFor(row, secret);
    },

    async turnOff(actor: AuthUser): Promise<CalendarFeedStatus> {
      await repository.remove(actor.id);
      return statusOf(undefined);
    },

    async updateSettings(actor: AuthUser, showFullDetails: boolean): Promise<CalendarFeedStatus> {
      const row = await repository.updateSettings(actor.id, showFullDetails);
      if (!row) throw new AppError('CALENDAR_FEED_OFF');
      return statusOf(row);
    },

    /**
     * The feed of a secret: its owner's sessions from 30 days back to 52 weeks ahead (as far as any
     * session can be: a psychologist's own events and moves, and the longest policy horizon), with its
     * ETag. An unknown, reset or turned-off
     * secret is 404, the same for all three.
     */
    async feed(secret: string): Promise<{ body: string; etag: string }> {
      const found = await repository.findBySecretHash(hashSecretToken(secret));
      if (!found) throw new AppError('CALENDAR_FEED_NOT_FOUND');
      const now = clock().getTime();
      const rows = await repository.sessionsFor(found.user, {
        from: new Date(now - CALENDAR_FEED.pastDays * DAY_MS),
        to: new Date(now + CALENDAR_FEED.aheadWeeks * 7 * DAY_MS),
        canceledSince: new Date(now - CALENDAR_FEED.canceledShownDays * DAY_MS),
      });
      const body = await feedCalendar(found.user.role, rows, {
        // Only a psychologist's feed has the choice; a patient's never carries more.
        showFullDetails: found.user.role === 'psychologist' && found.feed.showFullDetails,
        publicUrl,
        // The feed speaks its owner's language, as their emails do.
        locale: found.user.locale,
      });
      return { body, etag: etagOf(body) };
    },
  };
}
