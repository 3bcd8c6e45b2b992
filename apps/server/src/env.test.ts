import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, weakSecretReason } from './env';

/** A production configuration that starts: every required variable, real-looking secrets. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://sukoon@db.internal:5432/sukoon',
  PUBLIC_URL: 'https://sukoon.example.org',
  SMTP_URL: 'smtp://mail.example.test:587',
  RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
  RAZORPAY_KEY_SECRET: 'q8Vt2LmZr4Xn6Yb1Wc9Pd3Ke',
  RAZORPAY_WEBHOOK_SECRET: 'h7Jx2Qp9Lm4Rt6Vz',
};

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadEnv', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, PGLITE_DIR: './data' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe('http://localhost:3000');
  });

  it('treats empty variables as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('lists every bad variable at once', () => {
    let thrown: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvError);
    const problems = (thrown as EnvError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems).toMatch(/NODE_ENV/);
  });

  it('requires SMTP in production and refuses the seed institution code there', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: is required/);
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail:25',
        SEED_INSTITUTION_CODE: 'abcdef',
      }),
    ).toThrow(/SEED_INSTITUTION_CODE/);
    expect(loadEnv({ SMTP_URL: 'smtp://mail:25' }).RATE_LIMITS).toBe('on');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, in production too, so clients cannot pick their address', () => {
    expect(loadEnv(PRODUCTION).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    const oneHop = loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY as (a: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.1', 1)]).toEqual([true, false]);
    expect(() => loadEnv({ TRUST_PROXY: 'everyone!' })).toThrow(/TRUST_PROXY/);
  });
});

describe('payment configuration', () => {
  const keys = {
    RAZORPAY_KEY_ID: 'rzp_test_abc123',
    RAZORPAY_KEY_SECRET: 'secret-123456',
    RAZORPAY_WEBHOOK_SECRET: 'whsec-123456',
  };

  it('refuses the test-mode sandbox in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/sandbox is test mode only/);
    expect(loadEnv(PRODUCTION).RAZORPAY_KEY_ID).toBe('rzp_live_AbCdEf123456');
  });

  it('asks for all three Razorpay variables when only some are set', () => {
    expect(() => loadEnv({ RAZORPAY_KEY_ID: 'rzp_test_abc123' })).toThrow(
      /RAZORPAY_KEY_SECRET: must be set too[\s\S]*RAZORPAY_WEBHOOK_SECRET: must be set too/,
    );
  });

  it('checks the shape of the key id', () => {
    expect(() => loadEnv({ ...keys, RAZORPAY_KEY_ID: 'pk_live_x' })).toThrow(/rzp_test_/);
  });
});

describe('production', () => {
  it('starts with real parts and strong secrets, and without demo data', () => {
    const env = loadEnv(PRODUCTION);
    expect(env.DEMO).toBe(false);
    expect(env.publicUrl).toBe('https://sukoon.example.org');
  });

  it('refuses the sandbox, the dev mailbox, demo data and the embedded database, naming each', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DEMO: 'true' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SMTP_URL: is required in production/),
        expect.stringMatching(
          /^RAZORPAY_KEY_ID: required in production; the built-in payment sandbox/,
        ),
        expect.stringMatching(/^DEMO: demo accounts/),
        expect.stringMatching(/^DATABASE_URL: is required in production/),
        expect.stringMatching(/^PUBLIC_URL: is required in production and must start with https/),
      ]),
    );
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://sukoon.example.org' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: .*https:\/\//),
    ]);
  });

  it('refuses weak or placeholder secrets and says which', () => {
    expect(
      problemsOf({
        ...PRODUCTION,
        RAZORPAY_KEY_SECRET: 'changeme-changeme-123',
        RAZORPAY_WEBHOOK_SECRET: 'short-secret',
      }),
    ).toEqual([
      'RAZORPAY_KEY_SECRET: looks like a placeholder: use the real, random secret',
      'RAZORPAY_WEBHOOK_SECRET: is too short: use at least 16 random characters',
    ]);
    expect(weakSecretReason('aaaaaaaaaaaaaaaabbbbbbbb')).toMatch(/too simple/);
    expect(weakSecretReason(PRODUCTION.RAZORPAY_KEY_SECRET)).toBeNull();
    // Development keeps working with test keys of any shape.
    expect(
      loadEnv({
        RAZORPAY_KEY_ID: 'rzp_test_x1',
        RAZORPAY_KEY_SECRET: 'short-secret',
        RAZORPAY_WEBHOOK_SECRET: 'short-secret',
      }).RAZORPAY_KEY_SECRET,
    ).toBe('short-secret');
  });
});

describe('CORS_ORIGINS', () => {
  it('is closed by default and takes a list of exact origins', () => {
    expect(loadEnv({}).CORS_ORIGINS).toBeUndefined();
    expect(
      loadEnv({ CORS_ORIGINS: 'https://app.example.org, http://localhost:5173/' }).CORS_ORIGINS,
    ).toEqual(['https://app.example.org', 'http://localhost:5173']);
    for (const bad of ['*', 'https://app.example.org/path', 'app.example.org']) {
      expect(problemsOf({ CORS_ORIGINS: bad })[0]).toMatch(/^CORS_ORIGINS\.0: each origin must be/);
    }
  });

  it('bounds slow requests and open connections by default, and refuses headers slower than requests', () => {
    expect(loadEnv({})).toMatchObject({
      HEADERS_TIMEOUT_SECONDS: 10,
      REQUEST_TIMEOUT_SECONDS: 30,
      KEEPALIVE_TIMEOUT_SECONDS: 65,
      MAX_CONNECTIONS: 4096,
    });
    expect(problemsOf({ HEADERS_TIMEOUT_SECONDS: '20', REQUEST_TIMEOUT_SECONDS: '10' })).toEqual([
      'HEADERS_TIMEOUT_SECONDS: 20 must not exceed REQUEST_TIMEOUT_SECONDS (10): the headers are part of the request',
    ]);
    expect(problemsOf({ MAX_CONNECTIONS: '0' })[0]).toMatch(/^MAX_CONNECTIONS: /);
  });
});
