import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { Redis } from 'ioredis';
import { tooManyAttempts } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preValidation hook (so even malformed requests count) limiting one sensitive endpoint (login,
     * register, OTP...) per client IP and per account and IP together (the email in the body), each
     * over RATE_LIMIT_WINDOW_SECONDS. Keying the account's count on the address as well means a
     * stranger's requests never refuse the owner's. `perAccount: false` leaves the second count to the
     * route (sign-in counts failures, not attempts).
     */
    authLimits(name: string, options?: { perAccount?: boolean }): preValidationAsyncHookHandler;
    /**
     * A preValidation hook for a signed-in action (placing or releasing a hold): at most `perUser`
     * requests per signed-in user and `perIp` per client address over RATE_LIMIT_WINDOW_SECONDS.
     * Runs after the sign-in check.
     */
    userLimits(
      name: string,
      limits: { perUser: number; perIp: number },
    ): preValidationAsyncHookHandler;
    /**
     * A check for requests that share a key the handler knows only once it has looked something up
     * (a calendar feed's owner: calendar services fetch many people's feeds from the same addresses,
     * so the address is no key there): at most `max` requests per key over
     * RATE_LIMIT_WINDOW_SECONDS, refused with 429.
     */
    keyLimits(
      name: string,
      options: { max: number },
    ): (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>;
    /**
     * Misses per client address (a guessed or dead link): `miss` counts one in the shared store,
     * one row per address and window whatever was asked, and refuses with 429 past `max` over
     * RATE_LIMIT_WINDOW_SECONDS; from then on `refuseIfBlocked` refuses that address in this
     * process without asking the store or the database, until the window ends.
     */
    missLimits(name: string, options: { max: number }): MissLimit;
  }
}

export interface MissLimit {
  refuseIfBlocked(request: FastifyRequest, reply: FastifyReply): void;
  miss(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** Addresses one process remembers as refused: the oldest are forgotten (the store still counts). */
const BLOCKED_ADDRESSES = 10_000;

/** The account a request is about: the email it names, compared case-insensitively. */
function accountOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' && body.email.trim()
    ? body.email.trim().toLowerCase()
    : null;
}

/**
 * A @fastify/rate-limit store in the database: one atomic upsert per hit, so every server process
 * (and every restart) shares the counts without Redis.
 */
function databaseStore(db: Database) {
  return class DatabaseRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      queryRows<{ hits: number; ttl: number }>(
        db,
        sql`insert into ${rateLimitHits} (key, hits, window_ends_at)
            values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when ${rateLimitHits.windowEndsAt} <= now() then 1
                          else ${rateLimitHits.hits} + 1 end,
              window_ends_at = case when ${rateLimitHits.windowEndsAt} <= now()
                                    then excluded.window_ends_at
                                    else ${rateLimitHits.windowEndsAt} end
            returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ttl`,
      ).then(
        ([row]) => callback(null, { current: row!.hits, ttl: Math.max(0, row!.ttl) }),
        (error: Error) => callback(error),
      );
    }

    child() {
      return this;
    }
  };
}

/**
 * @fastify/rate-limit in Redis when REDIS_URL is set, in the database otherwise: either way every
 * server process shares the counts. RATE_LIMITS=off disables it (tests of other features, journeys).
 */
export const rateLimits = fp(async (app: FastifyInstance) => {
  const { env } = app;
  if (env.RATE_LIMITS === 'off') {
    app.decorate('authLimits', () => async () => {});
    app.decorate('userLimits', () => async () => {});
    app.decorate('keyLimits', () => async () => {});
    app.decorate('missLimits', () => ({ refuseIfBlocked: () => {}, miss: async () => {} }));
    return;
  }
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        // Fail fast rather than queue: a Redis outage must not hang sign-ins.
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true,
      })
    : null;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate limits: redis error'));
  // Connect before serving: without the offline queue, commands sent while connecting would be skipped.
  await redis?.connect().catch((error: unknown) => {
    app.log.warn(
      { err: error },
      'rate limits: Redis unreachable at start; limits skipped until it is',
    );
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));

  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: 'sukoon-rl:' }
      : { store: databaseStore(app.database.db) as unknown as FastifyRateLimitStoreCtor }),
    // If the store fails, let the request through: a broken Redis should not lock everyone out.
    skipOnError: true,
  });

  const timeWindow = env.RATE_LIMIT_WINDOW_SECONDS * 1000;
  app.decorate('authLimits', (name: string, options: { perAccount?: boolean } = {}) => {
    const perIp = app.createRateLimit({
      max: env.RATE_LIMIT_PER_IP,
      timeWindow,
      keyGenerator: (request) => `${name}:ip:${request.ip}`,
    });
    const perAccount = app.createRateLimit({
      max: env.RATE_LIMIT_PER_ACCOUNT,
      timeWindow,
      keyGenerator: (request) => `${name}:account:${accountOf(request) ?? 'none'}:ip:${request.ip}`,
    });
    return async (request, reply) => {
      const checks = [await perIp(request)];
      if (options.perAccount !== false && accountOf(request))
        checks.push(await perAccount(request));
      refuseIfExceeded(checks, reply);
    };
  });

  app.decorate('userLimits', (name: string, limits: { perUser: number; perIp: number }) => {
    const perIp = app.createRateLimit({
      max: limits.perIp,
      timeWindow,
      keyGenerator: (request) => `${name}:ip:${request.ip}`,
    });
    const perUser = app.createRateLimit({
      max: limits.perUser,
      timeWindow,
      keyGenerator: (request) => `${name}:user:${request.auth?.id ?? 'none'}`,
    });
    return async (request, reply) => {
      refuseIfExceeded([await perUser(request), await perIp(request)], reply);
    };
  });

  app.decorate('keyLimits', (name: string, options: { max: number }) => {
    const keys = new WeakMap<FastifyRequest, string>();
    const perKey = app.createRateLimit({
      max: options.max,
      timeWindow,
      keyGenerator: (request) => `${name}:key:${keys.get(request) ?? 'none'}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply, key: string) => {
      keys.set(request, key);
      refuseIfExceeded([await perKey(request)], reply);
    };
  });

  app.decorate('missLimits', (name: string, options: { max: number }): MissLimit => {
    const perIp = app.createRateLimit({
      max: options.max,
      timeWindow,
      keyGenerator: (request) => `${name}:misses:ip:${request.ip}`,
    });
    const blockedUntil = new Map<string, number>();
    return {
      refuseIfBlocked(request, reply) {
        const until = blockedUntil.get(request.ip);
        if (until === undefined) return;
        const seconds = Math.ceil((until - Date.now()) / 1000);
        if (seconds <= 0) blockedUntil.delete(request.ip);
        else refuse(seconds, reply);
      },
      async miss(request, reply) {
        const check = await perIp(request);
        if (check.isAllowed || !check.isExceeded) return;
        if (blockedUntil.size >= BLOCKED_ADDRESSES) {
          const oldest = blockedUntil.keys().next().value;
          if (oldest !== undefined) blockedUntil.delete(oldest);
        }
        const seconds = Math.max(1, check.ttlInSeconds);
        blockedUntil.set(request.ip, Date.now() + seconds * 1000);
        refuse(seconds, reply);
      },
    };
  });
});

type LimitCheck = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

/** Throws 429 with Retry-After when any of the checks is over its limit. */
function refuseIfExceeded(checks: LimitCheck[], reply: FastifyReply) {
  // `isAllowed` only means "on the allow list"; `isExceeded` is the verdict.
  const refused = checks.find((check) => !check.isAllowed && check.isExceeded);
  if (refused && !refused.isAllowed) refuse(Math.max(1, refused.ttlInSeconds), reply);
}

function refuse(seconds: number, reply: FastifyReply): never {
  void reply.header('retry-after', String(seconds));
  throw tooManyAttempts(seconds);
}
