import { CALENDAR_FEED, type Locale } from '@sukoon/shared';
import type { Database } from '../../db/client';
import type { VersionedCache } from '../../lib/versioned-cache';
import { buildFeed, feedEtag, variantKey, type BuiltFeed, type FeedVariant } from './built-feed';
import { createCalendarFeedsRepository, type FeedWindow } from './calendar-feeds-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The feed row and owner a secret named (`findBySecretHash`). */
export interface FoundFeed {
  feed: { showFullDetails: boolean };
  user: { id: string; role: 'patient' | 'psychologist'; locale: Locale };
}

/**
 * The window of a day: from 30 days before it began to 52 weeks after it ends, canceled sessions
 * shown while canceled after the first of those days. Whole days, so the same rows stay in it all
 * day and the feed changes only when a session does (or once a day, as the window moves).
 */
export function windowOf(day: number): FeedWindow {
  const start = day * DAY_MS;
  return {
    from: new Date(start - CALENDAR_FEED.pastDays * DAY_MS),
    to: new Date(start + DAY_MS + CALENDAR_FEED.aheadWeeks * 7 * DAY_MS),
    canceledSince: new Date(start - CALENDAR_FEED.canceledShownDays * DAY_MS),
  };
}

/**
 * Serves feeds built once per change. The ETag comes from the feed's version (one aggregate
 * query), so a revalidation that matches is answered without reading a session; a built feed is
 * kept in `cache`, by owner, kept true by the change notifications, and used without asking the
 * database while `live()` says they arrive (otherwise only when the version still matches). Each
 * process builds a given feed at most once at a time: the requests that come meanwhile wait for it.
 */
export function createFeedServer({
  db,
  publicUrl,
  cache,
  live,
  clock = () => new Date(),
}: {
  db: Database;
  publicUrl: string;
  cache: VersionedCache<BuiltFeed>;
  live: () => boolean;
  clock?: () => Date;
}) {
  const repository = createCalendarFeedsRepository(db);
  const building = new Map<string, Promise<BuiltFeed>>();

  /** Builds the variant's feed, or joins the build already running, and keeps it. */
  function build(variant: FeedVariant, window: FeedWindow): Promise<BuiltFeed> {
    const key = variantKey(variant);
    const running = building.get(key);
    if (running) return running;
    // Taken before the rows are read: a change announced meanwhile keeps this build out of the
    // cache (the requests waiting for it still get it, a moment old).
    const ticket = cache.ticket(variant.ownerId);
    const started = (async () => {
      try {
        const built = await buildFeed(
          variant,
          await repository.snapshot(user(variant), window),
          publicUrl,
        );
        cache.set(key, built, (variant.day + 1) * DAY_MS, ticket);
        return built;
      } finally {
        building.delete(key);
      }
    })();
    building.set(key, started);
    return started;
  }

  return {
    /**
     * The feed of a found secret: its ETag, and its body unless `needsBody` says the caller
     * already has that ETag (then nothing is built).
     */
    async feed(
      found: FoundFeed,
      needsBody: (etag: string) => boolean,
    ): Promise<{ etag: string; feed: BuiltFeed | null }> {
      const now = clock().getTime();
      const day = Math.floor(now / DAY_MS);
      const variant: FeedVariant = {
        ownerId: found.user.id,
        viewer: found.user.role,
        // Only a psychologist's feed has the choice; a patient's never carries more.
        showFullDetails: found.user.role === 'psychologist' && found.feed.showFullDetails,
        // The feed speaks its owner's language, as their emails do.
        locale: found.user.locale,
        day,
      };
      const cached = cache.get(variantKey(variant), now);
      if (cached && live()) return { etag: cached.etag, feed: cached };
      const window = windowOf(day);
      const etag = feedEtag(variant, await repository.versionOf(user(variant), window));
      if (cached?.etag === etag) return { etag, feed: cached };
      if (!needsBody(etag)) return { etag, feed: null };
      const built = await build(variant, window);
      return { etag: built.etag, feed: built };
    },
  };
}

const user = (variant: FeedVariant) => ({ id: variant.ownerId, role: variant.viewer });
