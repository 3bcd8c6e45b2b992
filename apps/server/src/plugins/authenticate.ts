import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@sukoon/shared';
import { AppError, localizedError } from '../lib/errors';
import { hashSecretToken } from '../lib/secret-tokens';
import {
  TOUCH_INTERVAL_MS,
  createSessionsService,
  type AuthUser,
} from '../modules/auth/sessions-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user when the request carried a live bearer token, else null. */
    auth: Readonly<AuthUser> | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;
/** How long a resolved session may be kept at most, announcements aside. */
const SESSION_CACHE_MS = 60_000;

/**
 * Resolves `Authorization: Bearer <token>` on every request; routes then call `requireAuth`. A route
 * whose schema declares bearer security is closed to signed-out callers before its input is read, so
 * what the OpenAPI document says and what the server enforces cannot drift apart.
 */
export const authenticate = fp(async (app: FastifyInstance) => {
  const sessions = createSessionsService(app.database.db);
  const cache = app.caches.sessions;

  /**
   * A token's session from memory while the change feed is live: a revocation, an expiry or a change
   * of the account is announced and drops it. A hit is taken only while the session needs no touch of
   * its last use, so idle sessions still end on time.
   */
  function cached(hash: string, now: number): Readonly<AuthUser> | undefined {
    const hit = app.caches.live ? cache.get(hash, now) : undefined;
    return hit && now - hit.lastUsedAt < TOUCH_INTERVAL_MS ? hit.auth : undefined;
  }

  /** A token's session from the database, kept in memory while the change feed is live. */
  async function lookup(
    token: string,
    hash: string,
    now: number,
  ): Promise<Readonly<AuthUser> | null> {
    const ticket = cache.ticket(hash);
    const found = await sessions.lookup(token);
    if (!found) return null;
    const auth = Object.freeze(found.user);
    if (app.caches.live) {
      const keepUntil = Math.min(found.expiresAt.getTime(), now + SESSION_CACHE_MS);
      cache.set(hash, { auth, lastUsedAt: found.lastUsedAt.getTime() }, keepUntil, ticket);
    }
    return auth;
  }

  app.decorateRequest('auth', null);
  // A callback hook rather than an async one: a session found in memory, as most are, costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    if (!token) {
      done();
      return;
    }
    const hash = hashSecretToken(token);
    const now = Date.now();
    const user = cached(hash, now);
    if (user) {
      request.auth = user;
      done();
      return;
    }
    lookup(token, hash, now).then((found) => {
      request.auth = found;
      done();
    }, done);
  });
  app.addHook('onRoute', (route) => {
    const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)
      ?.security;
    if (!security?.some((requirement) => 'bearer' in requirement)) return;
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [signedIn(), ...existing];
  });
});

/**
 * The signed-in user, or a 401 when signed out (or the token is bad). With roles, a signed-in user of
 * another role gets 403.
 */
export function requireAuth(request: FastifyRequest, ...roles: Role[]): Readonly<AuthUser> {
  const user = request.auth;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (roles.length > 0 && !roles.includes(user.role)) {
    // Two roles in all: a caller refused here is refused by the one role asked for.
    throw localizedError('FORBIDDEN', 'error.role.only', { role: roles[0]! });
  }
  return user;
}

/**
 * A route's `preValidation` guard: who may call is checked before the body is validated, so a
 * signed-out caller gets 401 and a caller of another role 403, never a 400 about their input.
 */
export const signedIn =
  (...roles: Role[]) =>
  (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    let refusal: Error | undefined;
    try {
      requireAuth(request, ...roles);
    } catch (error) {
      refusal = error as Error;
    }
    done(refusal);
  };
