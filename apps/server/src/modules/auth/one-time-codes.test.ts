import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createPatient } from '../../db/factories';
import { useTestApp } from '../../../test/test-app';
import { latestCode, mailFor } from '../../../test/mailbox';
import { generateOtp } from './one-time-codes-service';

describe('one-time codes: verify, resend, forgot and reset', () => {
  const context = useTestApp();
  let counter = 0;

  const post = (url: string, payload: Record<string, unknown>, headers = {}) =>
    context.app.inject({ method: 'POST', url, payload, headers });

  async function registered() {
    counter += 1;
    const email = `otp.${counter}.${Date.now()}@example.test`;
    const response = await post('/api/users/register', {
      username: `otp_user_${counter}_${Date.now() % 100_000}`,
      email,
      password: 'kettle-monsoon-42',
      role: 'patient',
    });
    expect(response.statusCode).toBe(201);
    return email;
  }
  /** Moves every code of the user back in time, as if `ms` had passed. */
  const age = (email: string, ms: number) =>
    context.database.db.execute(
      sql`update one_time_codes set created_at = created_at - ${`${ms} milliseconds`}::interval,
          expires_at = expires_at - ${`${ms} milliseconds`}::interval
          where user_id = (select id from users where email = ${email})`,
    );
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('generates six digits, evenly spread', () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('refuses a wrong code with 400, and a malformed one with the catalogue text', async () => {
    const email = await registered();
    const code = await latestCode(context.app, email);
    const response = await post('/api/otp/verify', { email, otp_code: wrong(code) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'OTP_INVALID',
      message: 'Invalid OTP. Please check and try again.',
      field: 'otp_code',
    });
    const short = await post('/api/otp/verify', { email, otp_code: '12a' });
    expect(short.json().error.message).toBe('body.otp_code: Please enter all 6 digits');
    const noEmail = await post('/api/otp/verify', { email: '', otp_code: code });
    expect(noEmail.json().error.message).toBe('body.email: Email is required for verification');
  });

  it('refuses the 6th try even with the right code', async () => {
    const email = await registered();
    const code = await latestCode(context.app, email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post('/api/otp/verify', { email, otp_code: wrong(code) })).statusCode).toBe(
        400,
      );
    }
    const sixth = await post('/api/otp/verify', { email, otp_code: code });
    expect(sixth.statusCode).toBe(410);
    expect(sixth.json().error.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('answers 410 for an expired code and accepts a code only once', async () => {
    const email = await registered();
    const code = await latestCode(context.app, email);
    await age(email, 10 * 60 * 1000 + 1000);
    const expired = await post('/api/otp/verify', { email, otp_code: code });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({
      code: 'OTP_EXPIRED',
      message: 'OTP has expired. Please request a new one.',
      field: 'otp_code',
    });

    const resent = await post('/api/resend-otp', { email });
    expect(resent.json().data.message).toBe('New OTP sent to your email!');
    const fresh = await latestCode(context.app, email);
    expect((await post('/api/otp/verify', { email, otp_code: fresh })).statusCode).toBe(200);
    expect((await post('/api/otp/verify', { email, otp_code: fresh })).statusCode).toBe(400);
  });

  it('answers a resend within 60 s like any other, sending nothing; a new code retires the old', async () => {
    const email = await registered();
    const first = await latestCode(context.app, email);
    const tooSoon = await post('/api/resend-otp', { email });
    // A 429 here would tell that the email has a recent unverified account.
    expect(tooSoon.json()).toEqual({
      success: true,
      data: { message: 'New OTP sent to your email!' },
      error: null,
    });
    expect(await mailFor(context.app, email)).toHaveLength(1);

    await age(email, 61_000);
    expect((await post('/api/resend-otp', { email })).statusCode).toBe(200);
    const second = await latestCode(context.app, email);
    if (second !== first) {
      expect((await post('/api/otp/verify', { email, otp_code: first })).statusCode).toBe(400);
    }
    expect((await post('/api/otp/verify', { email, otp_code: second })).statusCode).toBe(200);
  });

  it('answers a resend for unknown and verified emails like a real one, without sending mail', async () => {
    const verified = await createPatient(context.database.db);
    for (const email of ['ghost@example.test', verified.email]) {
      const response = await post('/api/resend-otp', { email });
      expect(response.json()).toEqual({
        success: true,
        data: { message: 'New OTP sent to your email!' },
        error: null,
      });
      expect(await mailFor(context.app, email)).toEqual([]);
    }
  });

  it('answers forgot-password the same for known and unknown emails', async () => {
    const patient = await createPatient(context.database.db);
    const known = await post('/api/password/forgot', { email: patient.email });
    const unknown = await post('/api/password/forgot', { email: 'nobody-here@example.test' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect((await mailFor(context.app, patient.email))[0]?.subject).toMatch(/password reset code/);
    expect(await mailFor(context.app, 'nobody-here@example.test')).toEqual([]);
    // Both take at least the same floor, so the extra work for a real account cannot be timed.
    for (const email of [patient.email, 'nobody-here@example.test']) {
      const started = performance.now();
      await post('/api/password/forgot', { email });
      expect(performance.now() - started).toBeGreaterThanOrEqual(245);
    }
    // Asking again at once still answers the same (no 429 that would tell the account exists).
    expect((await post('/api/password/forgot', { email: patient.email })).json()).toEqual(
      unknown.json(),
    );
  });

  it('resets the password, signs out every device and sends a notice', async () => {
    const patient = await createPatient(context.database.db, { password: 'old-password-77' });
    const login = (password: string) =>
      post('/api/users/login', { email: patient.email, password });
    const tokens = await Promise.all([login('old-password-77'), login('old-password-77')]);
    await post('/api/password/forgot', { email: patient.email });
    const code = await latestCode(context.app, patient.email);

    const weak = await post('/api/password/reset', {
      email: patient.email,
      otp_code: code,
      new_password: 'password1',
    });
    expect(weak.statusCode).toBe(422);
    // The reset form's field is new_password, and the error says so.
    expect(weak.json().error.field).toBe('new_password');
    const mismatch = await post('/api/password/reset', {
      email: patient.email,
      otp_code: code,
      new_password: 'short',
    });
    expect(mismatch.json().error.message).toBe(
      'body.new_password: Password must be at least 8 characters long',
    );

    const reset = await post('/api/password/reset', {
      email: patient.email,
      otp_code: code,
      new_password: 'new-password-monsoon',
    });
    expect(reset.json().data.message).toBe(
      'Password reset successfully. Please sign in with your new password.',
    );
    for (const response of tokens) {
      const me = await context.app.inject({
        url: '/api/users/me',
        headers: { authorization: `Bearer ${response.json().token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    expect((await login('old-password-77')).statusCode).toBe(401);
    expect((await login('new-password-monsoon')).statusCode).toBe(200);
    expect((await mailFor(context.app, patient.email))[0]?.subject).toBe(
      'Your Sukoon password was changed',
    );
    const reused = await post('/api/password/reset', {
      email: patient.email,
      otp_code: code,
      new_password: 'another-password-9',
    });
    expect(reused.statusCode).toBe(400);
  });

  it('does not let a verification code reset a password', async () => {
    const email = await registered();
    const code = await latestCode(context.app, email);
    const response = await post('/api/password/reset', {
      email,
      otp_code: code,
      new_password: 'new-password-monsoon',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('OTP_INVALID');
  });
});
