import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERRORS } from '@sukoon/shared';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { authRoutes } from './modules/auth/auth-routes';
import { codesRoutes } from './modules/codes/codes-routes';
import { devMailboxRoutes } from './modules/mail/dev-mailbox-routes';
import { mailPlugin } from './modules/mail/mail-plugin';
import { attendanceRoutes } from './modules/attendance/attendance-routes';
import { auditRoutes } from './modules/audit/audit-routes';
import { availabilityRoutes } from './modules/availability/availability-routes';
import { bookingsRoutes } from './modules/bookings/bookings-routes';
import { calendarFeedsRoutes } from './modules/calendar-feeds/calendar-feeds-routes';
import { configRoutes } from './modules/config/config-routes';
import { healthRoutes } from './modules/health/health-routes';
import { practiceRoutes } from './modules/practice/practice-routes';
import { privacyRoutes } from './modules/privacy/privacy-routes';
import { psychologistsRoutes } from './modules/psychologists/psychologists-routes';
import { receiptsRoutes } from './modules/receipts/receipts-routes';
import { remindersPlugin } from './modules/reminders/reminders-plugin';
import { retentionPlugin } from './modules/retention/retention';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { createPaymentProvider, payments } from './modules/payments/payments-plugin';
import { authenticate } from './plugins/authenticate';
import { securityHeaders } from './plugins/security-headers';
import { changeFeed } from './plugins/change-feed';
import { AppError } from './lib/errors';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from './lib/json-depth';
import { serializeRequest } from './lib/log-serializers';
import { errorEnvelope, errorHandler } from './plugins/error-handler';
import { openapi } from './plugins/openapi';
import { rejectNulBytes } from './plugins/reject-nul-bytes';
import { rateLimits } from './plugins/rate-limits';
import { inlineScriptHashes, webApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Replaces the provider chosen from the environment (tests point Razorpay at a local server). */
  paymentProvider?: PaymentProvider;
}

/** Razorpay's checkout.js and the frames it opens; allowed only when Razorpay is the provider. */
const RAZORPAY_CHECKOUT_ORIGINS = ['https://checkout.razorpay.com', 'https://api.razorpay.com'];

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Request ids made here: this process's random prefix and a counter, unique across instances. */
function requestIds() {
  const prefix = randomBytes(6).toString('hex');
  let sequence = 0;
  return () => `${prefix}-${(sequence++).toString(36)}`;
}

/** Builds the whole application without listening; server.ts starts it and tests inject into it. */
export async function buildApp({
  env,
  database,
  paymentProvider,
}: BuildAppOptions): Promise<FastifyInstance> {
  const nextRequestId = requestIds();
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: serializeRequest },
    },
    // Honour a sane request id from a proxy so logs line up across hops; otherwise make one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : nextRequestId();
    },
    bodyLimit: 64 * 1024,
    // A client that sends its request slowly holds a socket and a file descriptor: each request gets a
    // bounded time to arrive, a silent socket is closed, and the process holds MAX_CONNECTIONS at most
    // (set on the server below), so slow clients cannot starve everyone else of descriptors.
    requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: env.KEEPALIVE_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
      // Node enforces both timeouts in a sweep every 30 s by default, which would let a slow request
      // live up to 30 s past its limit.
      connectionsCheckingInterval: 1000,
    },
    // Only proxies the operator names may set the client address; see TRUST_PROXY in
    // docs/configuration.md.
    trustProxy: env.TRUST_PROXY,
    // The router refuses a malformed or over-long address before any hook runs: same envelope, and the
    // address is not echoed back.
    frameworkErrors: (error, _request, reply) => {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_REQUEST';
      void (reply as FastifyReply).code(ERRORS[code].status).send(errorEnvelope(code));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.server.maxConnections = env.MAX_CONNECTIONS;

  const provider = paymentProvider ?? createPaymentProvider(env, database.db);
  const razorpay = provider.name === 'razorpay' ? RAZORPAY_CHECKOUT_ORIGINS : [];
  const webRoot = env.WEB_DIST_DIR ?? 'apps/web/dist';

  // Some of the original client's calls carry a JSON content type and no body (cancel-user): an empty
  // JSON body is no body, not an error. A body nested deeper than any request needs is refused before
  // parsing, for every route at once.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('BODY_TOO_DEEP'), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  // Set on arrival, so an error answer keeps it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Once the app starts closing (server.ts on SIGTERM), every answer closes its connection, so a
  // client never sends its next request on a socket that is about to go (a kept-alive connection
  // would otherwise hold the exit up).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(errorHandler);
  await app.register(rejectNulBytes);
  // The pages' policy, written out: scripts only from our own origin (no eval; inline only the build's
  // own early-reads script, by its hash), Razorpay's checkout only when Razorpay is the provider.
  // Inline styles stay allowed because the dialog library injects a <style> element for scroll
  // locking. API answers get a policy that allows nothing (plugins/security-headers.ts).
  await app.register(securityHeaders, {
    page: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The built pages' own inline scripts (the dashboards' early reads), by their hashes.
          scriptSrc: ["'self'", ...razorpay, ...inlineScriptHashes(webRoot)],
          scriptSrcAttr: ["'none'"],
          frameSrc: ["'self'", ...razorpay],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...razorpay],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
    },
    hsts:
      env.NODE_ENV === 'production'
        ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
        : false,
  });
  // Closed to other origins unless the operator names them: the app itself is same-origin.
  if (env.CORS_ORIGINS) {
    await app.register(cors, {
      origin: env.CORS_ORIGINS,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'x-request-id'],
      exposedHeaders: ['x-request-id', 'retry-after'],
      maxAge: 600,
    });
  }
  await app.register(openapi);
  await app.register(changeFeed);
  await app.register(authenticate);
  await app.register(rateLimits);
  await app.register(mailPlugin);

  await app.register(payments, { provider });
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(codesRoutes);
  // The dev mailbox exists only where mail has nowhere else to go, and never in production.
  if (!env.SMTP_URL && env.NODE_ENV !== 'production') await app.register(devMailboxRoutes);
  await app.register(psychologistsRoutes);
  await app.register(availabilityRoutes);
  await app.register(bookingsRoutes);
  await app.register(receiptsRoutes);
  await app.register(attendanceRoutes);
  await app.register(auditRoutes);
  await app.register(privacyRoutes);
  await app.register(calendarFeedsRoutes);
  await app.register(practiceRoutes);
  await app.register(remindersPlugin);
  await app.register(retentionPlugin);

  await app.register(webApp, { root: webRoot });
  return app;
}
