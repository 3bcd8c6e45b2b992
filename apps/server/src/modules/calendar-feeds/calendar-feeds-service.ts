import { calendarFeedUrls, type CalendarFeedLink, type CalendarFeedStatus } from '@sukoon/shared';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import type { Database } from '../../db/client';
import type { calendarFeeds } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import { createCalendarFeedsRepository } from './calendar-feeds-repository';
import type { FoundFeed } from './feed-serving';

function statusOf(row: typeof calendarFeeds.$inferSelect | undefined): CalendarFeedStatus {
  return { enabled: row !== undefined, showFullDetails: row?.showFullDetails ?? false };
}

export function createCalendarFeedsService({ db, publicUrl }: { db: Database; publicUrl: string }) {
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

    /** The feed of a secret and its owner; undefined for an unknown, reset or turned-off one. */
    async find(secret: string): Promise<FoundFeed | undefined> {
      return repository.findBySecretHash(hashSecretToken(secret));
    },
  };
}
