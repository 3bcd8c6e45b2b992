import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPatient } from '../../db/factories';
import { rateLimitHits } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { latestCode, mailFor } from '../../../test/mailbox';
import { MAX_CONSECUTIVE_SIGN_IN_FAILURES } from './auth-service';
import { signInFailureKeys } from './sign-in-failures-repository';

const PASSWORD = 'kettle-monsoon-42';
/** A different client address per call site, so counts never leak between tests or runs. */
const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

describe('a stranger cannot lock the owner out', () => {
  const context = useTestApp({
    RATE_LIMITS: 'on',
    RATE_LIMIT_PER_IP: '200',
    RATE_LIMIT_PER_ACCOUNT: '10',
    RATE_LIMIT_WINDOW_SECONDS: '900',
  });
  const login = (email: string, password: string, remoteAddress: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress,
    });
  const post = (url: string, payload: Record<string, unknown>, remoteAddress: string) =>
    context.app.inject({ method: 'POST', url, payload, remoteAddress });

  it("refuses the stranger's address after ten wrong passwords (any case, padded), not the owner's right one", async () => {
    const owner = await createPatient(context.database.db, { password: PASSWORD });
    const stranger = randomIp();
    const variants = [owner.email, owner.email.toUpperCase(), `  ${owner.email} `];
    for (let i = 0; i < 10; i += 1) {
      expect((await login(variants[i % 3]!, 'wrong-password', stranger)).statusCode).toBe(401);
    }
    const refused = await login(owner.email.toUpperCase(), 'wrong-password', stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(owner.email, PASSWORD, stranger)).statusCode).toBe(429);

    expect((await login(owner.email, PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a real one, refusal and lock included', async () => {
    const ghost = `ghost.${randomBytes(4).toString('hex')}@example.test`;
    const stranger = randomIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await login(ghost, 'wrong-password', stranger)).statusCode).toBe(401);
    }
    expect((await login(ghost, 'wrong-password', stranger)).statusCode).toBe(429);
    await context.database.db
      .insert(rateLimitHits)
      .values({
        key: signInFailureKeys(ghost, '').consecutive,
        hits: MAX_CONSECUTIVE_SIGN_IN_FAILURES,
        windowEndsAt: new Date(Date.now() + 86_400_000),
      })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: { hits: MAX_CONSECUTIVE_SIGN_IN_FAILURES },
      });
    expect((await login(ghost, 'wrong-password', randomIp())).statusCode).toBe(423);
  });

  it('counts failures, not attempts: the owner signs in as often as they like', async () => {
    const owner = await createPatient(context.database.db, { password: PASSWORD });
    const home = randomIp();
    for (let i = 0; i < 12; i += 1) {
      expect((await login(owner.email, PASSWORD, home)).statusCode).toBe(200);
    }
  });

  it('slows wrong answers for an account attacked from many addresses, but lets the owner in', async () => {
    const owner = await createPatient(context.database.db, { password: PASSWORD });
    for (let i = 0; i < 20; i += 1) {
      expect((await login(owner.email, 'wrong-password', randomIp())).statusCode).toBe(401);
    }
    const startedAt = performance.now();
    expect((await login(owner.email, 'wrong-password', randomIp())).statusCode).toBe(401);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(250);
    const right = await login(owner.email, PASSWORD, randomIp());
    expect(right.statusCode).toBe(200);
  });

  it(`locks the account after ${MAX_CONSECUTIVE_SIGN_IN_FAILURES} wrong passwords in a row until the owner resets it`, async () => {
    const owner = await createPatient(context.database.db, { password: PASSWORD });
    // One failure short of the bound, from many addresses (so the per-address limit never applies).
    await context.database.db.insert(rateLimitHits).values({
      key: signInFailureKeys(owner.email, '').consecutive,
      hits: MAX_CONSECUTIVE_SIGN_IN_FAILURES - 1,
      windowEndsAt: new Date(Date.now() + 86_400_000),
    });
    expect((await login(owner.email, 'wrong-password', randomIp())).statusCode).toBe(401);
    const locked = await login(owner.email, PASSWORD, randomIp());
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error).toEqual({
      code: 'ACCOUNT_LOCKED',
      message:
        'This account is locked after too many wrong passwords. Reset your password with "Forgot Password" to sign in again.',
    });

    const home = randomIp();
    expect((await post('/api/password/forgot', { email: owner.email }, home)).statusCode).toBe(200);
    const reset = await post(
      '/api/password/reset',
      {
        email: owner.email,
        otp_code: await latestCode(context.app, owner.email),
        new_password: 'lantern-orchard-77',
      },
      home,
    );
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'lantern-orchard-77', home)).statusCode).toBe(200);
  });

  it("does not let a stranger's forgot-password calls block the owner's reset", async () => {
    const owner = await createPatient(context.database.db, { password: PASSWORD });
    const stranger = randomIp();
    for (let i = 0; i < 10; i += 1) {
      const call = await post('/api/password/forgot', { email: owner.email }, stranger);
      expect(call.statusCode).toBe(200);
    }
    expect((await post('/api/password/forgot', { email: owner.email }, stranger)).statusCode).toBe(
      429,
    );
    // Emails are limited quietly, per account: one code a minute, however many calls.
    expect(await mailFor(context.app, owner.email)).toHaveLength(1);

    const home = randomIp();
    const own = await post('/api/password/forgot', { email: owner.email }, home);
    expect(own.statusCode).toBe(200);
    const reset = await post(
      '/api/password/reset',
      {
        email: owner.email,
        otp_code: await latestCode(context.app, owner.email),
        new_password: 'lantern-orchard-77',
      },
      home,
    );
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'lantern-orchard-77', home)).statusCode).toBe(200);
  });
});
