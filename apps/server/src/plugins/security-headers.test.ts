import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { loadEnv } from '../env';
import { createRazorpayProvider } from '../modules/payments/razorpay-provider';
import { createTestDatabase } from '../../test/test-database';

/** One app per configuration on a shared database; only headers are looked at. */
let database: DatabaseHandle;
const apps: FastifyInstance[] = [];

async function appWith(vars: Record<string, string>, razorpay = false) {
  const env = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...vars });
  const app = await buildApp({
    env,
    database,
    ...(razorpay
      ? {
          paymentProvider: createRazorpayProvider({
            keyId: 'rzp_test_Headers123',
            keySecret: 'q8Vt2LmZr4Xn6Yb1Wc9Pd3Ke',
            webhookSecret: 'h7Jx2Qp9Lm4Rt6Vz',
          }),
        }
      : {}),
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** The CSP as a map of directive to its sources. */
function policyOf(header: string | string[] | number | undefined) {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('security headers', () => {
  it('sends pages a strict Content-Security-Policy: no inline or eval script, no plugins, no framing', async () => {
    const app = await appWith({ NODE_ENV: 'test' });
    // Any page of the web app (this one is not built here, so the answer is a 404 page).
    const response = await app.inject({ url: '/some/page' });
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    for (const sources of policy.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    // HSTS only where the site is served over HTTPS for real.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers a policy that allows nothing, no framing and no caching of private data', async () => {
    const app = await appWith({ NODE_ENV: 'test' });
    const response = await app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    // The API documentation is a page, with the pages' policy.
    const docs = await app.inject({ url: '/api/docs/static/index.html' });
    expect(String(docs.headers['content-security-policy'])).not.toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });

  it('allows Razorpay’s checkout origins only when Razorpay is the provider', async () => {
    const sandbox = await appWith({ NODE_ENV: 'test' });
    const withRazorpay = await appWith({ NODE_ENV: 'test' }, true);
    const sandboxPolicy = (await sandbox.inject({ url: '/' })).headers['content-security-policy'];
    expect(String(sandboxPolicy)).not.toContain('razorpay');
    const policy = policyOf(
      (await withRazorpay.inject({ url: '/' })).headers['content-security-policy'],
    );
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
    ]);
    expect(policy.get('frame-src')).toContain('https://api.razorpay.com');
  });

  it('sends HSTS for a year in production', async () => {
    const app = await appWith(
      {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://sukoon@db.internal:5432/sukoon',
        PUBLIC_URL: 'https://sukoon.example.org',
        SMTP_URL: 'smtp://mail.example.test:587',
        RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
        RAZORPAY_KEY_SECRET: 'q8Vt2LmZr4Xn6Yb1Wc9Pd3Ke',
        RAZORPAY_WEBHOOK_SECRET: 'h7Jx2Qp9Lm4Rt6Vz',
      },
      true,
    );
    const response = await app.inject({ url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('CORS', () => {
  const preflight = (app: FastifyInstance, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/users/me',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('is closed unless CORS_ORIGINS names an origin', async () => {
    const app = await appWith({ NODE_ENV: 'test' });
    const response = await preflight(app, 'https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await app.inject({
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens to exactly the named origins', async () => {
    const app = await appWith({ NODE_ENV: 'test', CORS_ORIGINS: 'https://app.example.org' });
    const allowed = await preflight(app, 'https://app.example.org');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.org');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    const other = await preflight(app, 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
