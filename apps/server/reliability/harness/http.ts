import http from 'node:http';

/** A complete HTTP answer: status, parsed JSON body (or the text), and how long it took. */
export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON envelopes, checked by tests
  body: any;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/** The request got no complete answer: refused, reset, hung up, or timed out. */
export class HttpFailure extends Error {
  constructor(
    readonly code: string,
    readonly ms: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (a signed webhook must arrive byte for byte); `body` is JSON-encoded instead. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** A keep-alive agent to reuse connections; by default each request has its own connection. */
  agent?: http.Agent | false;
  timeoutMs?: number;
  /** The loopback address to send from (127.0.0.2, 127.0.0.3, ...): one per simulated person. */
  localAddress?: string;
}

/**
 * One request over loopback with node:http (no retries, no pooling surprises): resolves only when the
 * whole body has arrived, rejects with HttpFailure (its `code`: ECONNREFUSED, ECONNRESET, TIMEOUT...)
 * otherwise.
 */
export function request(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpAnswer> {
  const started = performance.now();
  const url = new URL(path, baseUrl);
  const payload =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const fail = (code: string, message: string) =>
      reject(new HttpFailure(code, performance.now() - started, `${method} ${path}: ${message}`));
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: options.agent ?? false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          accept: 'application/json',
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('aborted', () => fail('ABORTED', 'the answer was cut off'));
        res.on('error', (error: NodeJS.ErrnoException) =>
          fail(error.code ?? 'RESPONSE_ERROR', error.message),
        );
        res.on('end', () => {
          if (!res.complete) {
            fail('INCOMPLETE', 'the answer was cut off');
            return;
          }
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: keep the text.
          }
          resolve({
            status: res.statusCode ?? 0,
            body,
            headers: res.headers,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? 'ERROR', error.message));
    if (options.timeoutMs) {
      req.setTimeout(options.timeoutMs, () => {
        req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' }));
      });
    }
    req.end(payload);
  });
}

/** Like `request`, but a failure is returned as a value (for load loops that classify outcomes). */
export async function attempt(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpAnswer | HttpFailure> {
  try {
    return await request(baseUrl, method, path, options);
  } catch (error) {
    if (error instanceof HttpFailure) return error;
    throw error;
  }
}

/** The `data` of a 200 envelope, or an error saying what came back instead. */
export async function ok<T>(answer: Promise<HttpAnswer> | HttpAnswer): Promise<T> {
  const result = await answer;
  if (result.status !== 200) {
    throw new Error(`expected 200, got ${result.status}: ${JSON.stringify(result.body)}`);
  }
  return (result.body as { data: T }).data;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
