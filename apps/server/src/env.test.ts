import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

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
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.test:587',
      RAZORPAY_KEY_ID: 'rzp_test_abc123',
      RAZORPAY_KEY_SECRET: 'secret-123456',
      RAZORPAY_WEBHOOK_SECRET: 'whsec-123456',
    };
    expect(loadEnv(production).TRUST_PROXY).toBe(false);
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
    const smtp = { SMTP_URL: 'smtp://mail.example.test:587' };
    expect(loadEnv({ NODE_ENV: 'production', ...smtp, ...keys }).RAZORPAY_KEY_ID).toBe(
      'rzp_test_abc123',
    );
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
