import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/client';
import { VersionedCache } from '../lib/versioned-cache';
import type { AuthUser } from '../modules/auth/sessions-service';
import { builtFeedBytes, type BuiltFeed } from '../modules/calendar-feeds/built-feed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route writes nothing any cache holds (a password sign-in: a new session row and an audit
     * entry), so its success does not empty this process's caches: fifty sign-ins a second would
     * otherwise send every calendar read to the database (issue 19, reads beside sign-ins).
     */
    keepsCaches?: boolean;
    /**
     * The route changes no session or account (a hold, a payment), so its success empties every
     * cache but the signed-in sessions: a patient's hold, payment and verification then check their
     * token in memory, and one patient's booking does not send every other reader's next request
     * to the database for their session (issue 19, writes).
     */
    keepsSessions?: boolean;
  }
  interface FastifyInstance {
    /** Caches kept correct by PostgreSQL's change notifications (see 0011_change_notifications). */
    caches: {
      /** Whole answers of GET /api/availability, by psychologist. */
      calendars: VersionedCache<string>;
      /** Resolved sign-in sessions, by token hash. */
      sessions: VersionedCache<SessionEntry>;
      /**
       * A person's own answers (their booking list, their calendar events), grouped by that person
       * and keyed by who asked and the address (`personalKey`), so no one is ever answered from
       * another person's entry.
       */
      people: VersionedCache<string>;
      /**
       * Practice summaries (serialised answers), by psychologist: dropped when their calendar changes
       * (a payment books or lengthens a session, a refund comes with its cancellation or move) and
       * when a session or refund of theirs is announced on `sukoon_person`.
       */
      practice: VersionedCache<string>;
      /**
       * Whole answers of the patients' list of psychologists (GET /api/psychologists), by address:
       * the same for every signed-in reader (public profiles and first free times), dropped when any
       * psychologist's calendar, profile or account changes.
       */
      directory: VersionedCache<string>;
      /**
       * Built calendar feeds, by owner: dropped when one of their sessions changes (`sukoon_person`)
       * and when any account or psychologist's profile does (names are in other people's feeds).
       * Not emptied by this process's own writes: a calendar service fetches hours apart, and the
       * notification follows the commit within milliseconds. Within FEED_CACHE_BYTES.
       */
      feeds: VersionedCache<BuiltFeed>;
      /** True while notifications arrive: only then may an answer come from a cache. */
      readonly live: boolean;
    };
  }
}

/**
 * The bytes of built feeds one process keeps: a feed of 5,000 sessions is about 2.5 MB (with its
 * gzip copy), most are a few kB.
 */
const FEED_CACHE_BYTES = 64 * 1024 * 1024;

/** One person's cached answers at most: the app asks a few addresses; more only push out their own. */
const PERSONAL_ANSWERS_PER_PERSON = 20;

/** Who asked, and what: a personal answer is only ever found again by the same person. */
export const personalKey = (personId: string, url: string) => `${personId} ${url}`;

export interface SessionEntry {
  /** What `request.auth` becomes; shared by every request of the session, so never changed. */
  auth: Readonly<AuthUser>;
  lastUsedAt: number;
}

/**
 * Keeps the caches true to the database: a trigger announces every change to a calendar, a session
 * or an account, each process drops what changed the moment it hears, and a lost connection drops
 * everything (and turns caching off until it is back). A write handled by this process clears both
 * caches at once, before its answer leaves, so its caller reads what it wrote without waiting for the
 * notification's round trip.
 */
export const changeFeed = fp(
  async (app: FastifyInstance) => {
    const calendars = new VersionedCache<string>(5_000);
    const sessions = new VersionedCache<SessionEntry>(20_000);
    const people = new VersionedCache<string>(20_000, PERSONAL_ANSWERS_PER_PERSON);
    const practice = new VersionedCache<string>(1_000);
    const directory = new VersionedCache<string>(200);
    const feeds = new VersionedCache<BuiltFeed>(1_000, Infinity, {
      maxWeight: FEED_CACHE_BYTES,
      weigh: builtFeedBytes,
    });
    let feed: ChangeFeed | null = null;
    const clearAnswers = () => {
      calendars.clear();
      people.clear();
      practice.clear();
      directory.clear();
    };
    const clearAll = () => {
      clearAnswers();
      sessions.clear();
    };
    app.decorate('caches', {
      calendars,
      sessions,
      people,
      practice,
      directory,
      feeds,
      get live() {
        return feed?.live ?? false;
      },
    });

    app.addHook('onReady', async () => {
      const channels = [
        'sukoon_calendar',
        'sukoon_session',
        'sukoon_user',
        'sukoon_person',
        'sukoon_directory',
      ];
      feed = await app.database.listen(channels, {
        notify(channel, payload) {
          if (channel === 'sukoon_calendar') {
            calendars.invalidate(payload);
            practice.invalidate(payload);
            // A psychologist's own profile (their name in their own feed's events).
            feeds.invalidate(payload);
            // Any psychologist's first free time is in every list that shows them.
            directory.clear();
          } else if (channel === 'sukoon_session') sessions.invalidate(payload);
          else if (channel === 'sukoon_person') {
            // A session or a refund of this person changed (a refund processed later writes no
            // booking): their own answers, and their practice figures if they are a psychologist.
            people.invalidate(payload);
            practice.invalidate(payload);
            feeds.invalidate(payload);
          }
          // A psychologist's profile (their name in their patients' lists, the directory): rare.
          else if (channel === 'sukoon_directory') {
            people.clear();
            directory.clear();
            feeds.clear();
          } else {
            // An account changed: its sessions are not indexed by account, and its name is in
            // other people's answers and, for a psychologist, in the directory. Rare.
            sessions.clear();
            people.clear();
            directory.clear();
            feeds.clear();
          }
        },
        reset: () => {
          clearAll();
          feeds.clear();
        },
        error: (error) => app.log.warn({ err: error }, 'change feed: connection problem'),
      });
    });
    app.addHook('onClose', async () => {
      await feed?.close();
    });
    // Only on the routes that write, and only when the write was not refused (a 4xx changed nothing),
    // so neither reads nor a stream of refused writes empty the caches.
    const clearAfterWrite =
      (clear: () => void) =>
      (
        _request: unknown,
        reply: FastifyReply,
        payload: unknown,
        done: (error: null, payload: unknown) => void,
      ) => {
        if (reply.statusCode < 400 || reply.statusCode >= 500) clear();
        done(null, payload);
      };
    const afterWrite = clearAfterWrite(clearAll);
    const afterAnswersWrite = clearAfterWrite(clearAnswers);
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
      if (route.config?.keepsCaches) return;
      const clear = route.config?.keepsSessions ? afterAnswersWrite : afterWrite;
      route.onSend = [...(route.onSend ? [route.onSend].flat() : []), clear];
    });
  },
  { name: 'change-feed' },
);
