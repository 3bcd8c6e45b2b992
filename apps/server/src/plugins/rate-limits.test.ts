import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { useTestApp } from '../../test/test-app';

const LIMITS = {
  RATE_LIMITS: 'on',
  RATE_LIMIT_PER_IP: '4',
  RATE_LIMIT_PER_ACCOUNT: '2',
  RATE_LIMIT_WINDOW_SECONDS: '60',
};
/** A different client address per test, so counts never leak between tests or runs. */
const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const login = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: 'wrong-password' },
    remoteAddress,
  });
const forgot = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress });

describe('rate limits in the database (no Redis)', () => {
  const context = useTestApp(LIMITS);

  it('limits one account from one address, then answers 429 with a wait; other addresses go on', async () => {
    const email = `target.${Date.now()}@example.test`;
    const ip = randomIp();
    expect((await forgot(context.app, email, ip)).statusCode).toBe(200);
    expect((await forgot(context.app, email, ip)).statusCode).toBe(200);
    const limited = await forgot(context.app, email, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    // Case and padding do not make another account.
    expect((await forgot(context.app, ` ${email.toUpperCase()} `, ip)).statusCode).toBe(429);
    // A stranger's requests never refuse the owner's, from the owner's own address.
    expect((await forgot(context.app, email, randomIp())).statusCode).toBe(200);
  });

  it('limits one address across accounts', async () => {
    const ip = randomIp();
    for (let i = 0; i < 4; i += 1) {
      expect((await login(context.app, `a${i}.${Date.now()}@example.test`, ip)).statusCode).toBe(
        401,
      );
    }
    expect((await login(context.app, `z.${Date.now()}@example.test`, ip)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(context.app, `z.${Date.now()}@example.test`, randomIp())).statusCode).toBe(
      401,
    );
  });

  it('does not let a caller choose its own address with X-Forwarded-For', async () => {
    const ip = randomIp();
    const spoofed = (i: number) =>
      context.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: `s${i}.${Date.now()}@example.test`, password: 'wrong-password' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': randomIp() },
      });
    for (let i = 0; i < 4; i += 1) expect((await spoofed(i)).statusCode).toBe(401);
    expect((await spoofed(4)).statusCode).toBe(429);
  });

  it('also guards register, OTP, resend and forgot', async () => {
    const cases: Array<[string, (email: string) => Record<string, unknown>]> = [
      [
        '/api/users/register',
        (email) => ({ email, username: 'x', password: 'y', role: 'patient' }),
      ],
      ['/api/otp/verify', (email) => ({ email, otp_code: '123456' })],
      ['/api/resend-otp', (email) => ({ email })],
      ['/api/password/forgot', (email) => ({ email })],
      [
        '/api/password/reset',
        (email) => ({ email, otp_code: '123456', new_password: 'abcdefgh1' }),
      ],
    ];
    for (const [url, payload] of cases) {
      const email = `guard.${randomBytes(4).toString('hex')}@example.test`;
      const ip = randomIp();
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await context.app.inject({
          method: 'POST',
          url,
          payload: payload(email),
          remoteAddress: ip,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses[2], url).toBe(429);
      expect(statuses.slice(0, 2), url).not.toContain(429);
    }
  });
});

describe('rate limits shared between server processes', () => {
  it('count in the database, so two processes on one database share one count', async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      ...LIMITS,
    });
    const { createTestDatabase } = await import('../../test/test-database');
    const database = await createTestDatabase();
    const apps = [await buildApp({ env, database }), await buildApp({ env, database })];
    try {
      const email = `db.${randomBytes(6).toString('hex')}@example.test`;
      const ip = randomIp();
      expect((await forgot(apps[0]!, email, ip)).statusCode).toBe(200);
      expect((await forgot(apps[1]!, email, ip)).statusCode).toBe(200);
      const limited = await forgot(apps[0]!, email, ip);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
      expect((await forgot(apps[1]!, email, ip)).statusCode).toBe(429);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });
});

describe('rate limits in Redis', () => {
  it('share one count between two server processes', async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ...LIMITS,
    });
    const { createTestDatabase } = await import('../../test/test-database');
    const database = await createTestDatabase();
    const apps = [await buildApp({ env, database }), await buildApp({ env, database })];
    try {
      const email = `shared.${randomBytes(6).toString('hex')}@example.test`;
      const ip = randomIp();
      expect((await forgot(apps[0]!, email, ip)).statusCode).toBe(200);
      expect((await forgot(apps[1]!, email, ip)).statusCode).toBe(200);
      expect((await forgot(apps[0]!, email, ip)).statusCode).toBe(429);
      expect((await forgot(apps[1]!, email, ip)).statusCode).toBe(429);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });
});
