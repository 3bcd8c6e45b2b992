import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../test/test-app';

/**
 * Timeouts and the connection cap against real sockets on a listening app (app.inject has no sockets),
 * with limits short enough for a test.
 */

interface Client {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves with the milliseconds from connecting until the server closed the socket. */
  closed: Promise<number>;
}

function open(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    // A refused connection is reset by the server; that is an ending like any other here.
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) =>
      socket.on('close', () => done(Date.now() - started)),
    );
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Sends a request line and headers, then trickles the promised 60,000-byte body one byte at a time. */
function trickle(client: Client, everyMs: number) {
  client.socket.write(
    'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
  );
  const timer = setInterval(() => client.socket.write(' '), everyMs);
  void client.closed.then(() => clearInterval(timer));
}

/** One GET on an open keep-alive socket; the whole answer (its body is small). */
function get(client: Client, path: string): Promise<string> {
  const before = client.received().length;
  client.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const answer = client.received().slice(before);
      if (/\r\n\r\n[\s\S]*\}$/.test(answer)) {
        clearInterval(poll);
        resolve(answer);
      } else if (Date.now() - started > 5000 || client.socket.destroyed) {
        clearInterval(poll);
        reject(new Error(`no answer to ${path}: ${JSON.stringify(answer)}`));
      }
    }, 10);
  });
}

function listen(context: TestContext) {
  let port = 0;
  beforeAll(async () => {
    await context.app.listen({ host: '127.0.0.1', port: 0 });
    port = (context.app.server.address() as AddressInfo).port;
  });
  return () => port;
}

describe('slow clients', () => {
  const context = useTestApp({ REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '1' });
  const port = listen(context);
  const clients: Client[] = [];
  afterAll(() => clients.forEach((client) => client.socket.destroy()));

  it('closes a body sent a byte at a time after the request timeout, and serves others meanwhile', async () => {
    for (let index = 0; index < 50; index += 1) {
      const client = await open(port());
      trickle(client, 100);
      clients.push(client);
    }
    const health = await fetch(`http://127.0.0.1:${port()}/api/health`);
    expect(health.status).toBe(200);
    const lifetimes = await Promise.all(clients.map((client) => client.closed));
    // One second to arrive, enforced by a sweep once a second.
    expect(Math.max(...lifetimes)).toBeLessThan(3500);
    for (const client of clients) expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers never finish', async () => {
    const client = await open(port());
    clients.push(client);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const timer = setInterval(() => client.socket.write('X-Slow: 1\r\n'), 100);
    const lifetime = await client.closed;
    clearInterval(timer);
    expect(lifetime).toBeLessThan(3500);
  });
});

describe('the connection cap', () => {
  const context = useTestApp({ MAX_CONNECTIONS: '8' });
  const port = listen(context);
  const clients: Client[] = [];
  afterAll(() => clients.forEach((client) => client.socket.destroy()));

  it('refuses sockets past MAX_CONNECTIONS while the open ones keep working', async () => {
    for (let index = 0; index < 8; index += 1) {
      const client = await open(port());
      clients.push(client);
      expect(await get(client, '/api/health')).toMatch(/^HTTP\/1\.1 200/);
    }
    const extra = await open(port());
    clients.push(extra);
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const client of clients.slice(0, 8)) {
      expect(await get(client, '/api/health')).toMatch(/^HTTP\/1\.1 200/);
    }
    // Once one closes, a new socket is served again.
    clients[0]!.socket.destroy();
    await clients[0]!.closed;
    const next = await open(port());
    clients.push(next);
    expect(await get(next, '/api/health')).toMatch(/^HTTP\/1\.1 200/);
  });
});
