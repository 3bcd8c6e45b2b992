import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for a configuration, worked out once. (@fastify/helmet rebuilds helmet's
 * middleware, and re-parses the whole Content-Security-Policy, on every request; the headers never
 * change, so here they are computed at start and copied onto each reply.)
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error: unknown) => {
      // A configuration helmet refuses (a bad directive) must stop the server from starting.
      if (error instanceof Error) throw error;
      if (error) throw new Error('helmet refused the security header configuration');
    },
  );
  return headers;
}

/**
 * Every answer carries security headers: the pages (the web app, the API docs) the full set for a
 * document, the API's JSON answers the short set a document-less answer needs (OWASP's REST advice: a
 * CSP that allows nothing, no sniffing, no framing, no referrer, and no caching of private data).
 */
export const securityHeaders = fp(
  async (
    app: FastifyInstance,
    options: { page: HelmetOptions; hsts: false | { maxAge: number; includeSubDomains: boolean } },
  ) => {
    const page = helmetHeaders({ ...options.page, hsts: options.hsts } as HelmetOptions);
    const api = {
      ...helmetHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
        },
        xFrameOptions: { action: 'deny' },
        referrerPolicy: { policy: 'no-referrer' },
        hsts: options.hsts,
        crossOriginOpenerPolicy: false,
        originAgentCluster: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
      }),
      'cache-control': 'no-store',
    };
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      reply.headers(url.startsWith('/api/') && !url.startsWith('/api/docs') ? api : page);
      done();
    });
  },
  { name: 'security-headers' },
);
