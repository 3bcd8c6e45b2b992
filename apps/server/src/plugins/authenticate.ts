import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@sukoon/shared';
import { AppError } from '../lib/errors';
import {
  TOUCH_INTERVAL_MS,
  createSessionsService,
  hashToken,
  type AuthUser,
} from '../modules/auth/sessions-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user when the request carried a live bearer token, else null. */
    auth: AuthUser | null;
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
   * A token's session, from memory while the change feed is live: a revocation, an expiry or a
   * change of the account is announced and drops it. A hit is taken only while the session needs no
   * touch of its last use, so idle sessions still end on time.
   */
  async function resolve(token: string): Promise<AuthUser | null> {
    const hash = hashToken(token);
    const now = Date.now();
    const hit = app.caches.live ? cache.get(hash, now) : undefined;
    if (hit && now - hit.lastUsedAt < TOUCH_INTERVAL_MS) {
      return { ...hit.user, sessionId: hit.sessionId };
    }
    const ticket = cache.ticket(hash);
    const found = await sessions.lookup(token);
    if (found && app.caches.live) {
      const { sessionId, ...user } = found.user;
      const keepUntil = Math.min(found.expiresAt.getTime(), now + SESSION_CACHE_MS);
      cache.set(
        hash,
        { user, sessionId, lastUsedAt: found.lastUsedAt.getTime() },
        keepUntil,
        ticket,
      );
    }
    return found?.user ?? null;
  }

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const token = BEARER.exec(header)?.[1];
    request.auth = token ? await resolve(token) : null;
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
export function requireAuth(request: FastifyRequest, ...roles: Role[]): AuthUser {
  const user = request.auth;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (roles.length > 0 && !roles.includes(user.role)) {
    throw new AppError('FORBIDDEN', `Only a ${roles.join(' or ')} can do that.`);
  }
  return user;
}

/**
 * A route's `preValidation` guard: who may call is checked before the body is validated, so a
 * signed-out caller gets 401 and a caller of another role 403, never a 400 about their input.
 */
export const signedIn =
  (...roles: Role[]) =>
  async (request: FastifyRequest) => {
    requireAuth(request, ...roles);
  };
