import type { FastifyRequest } from 'fastify';

/** Logged requests keep their path, but never a sign-in link's single-use token. */
export function serializeRequest(request: Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'>) {
  return {
    method: request.method,
    url: request.url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}
