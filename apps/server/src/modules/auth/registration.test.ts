import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { createCodesService } from '../codes/codes-service';
import { useTestApp } from '../../../test/test-app';
import { latestCode, mailFor } from '../../../test/mailbox';

describe('registration', () => {
  const context = useTestApp();
  let counter = 0;
  const fresh = (role: 'patient' | 'psychologist', extra: Record<string, string> = {}) => {
    counter += 1;
    return {
      username: `${role}_${counter}_${Date.now() % 100_000}`,
      email: `${role}.${counter}.${Date.now()}@example.test`,
      password: 'kettle-monsoon-42',
      role,
      ...extra,
    };
  };
  const register = (payload: Record<string, unknown>) =>
    context.app.inject({ method: 'POST', url: '/api/users/register', payload });
  const issueCode = async (expiresInMs = 86_400_000) => {
    const [row] = await createCodesService(context.database.db).issue({
      institution: 'Test Institute',
      count: 1,
      expiresInMs,
    });
    return row!.code;
  };
  const userCount = async (email: string) =>
    Number(
      (
        await queryRows<{ n: string }>(
          context.database.db,
          sql`select count(*)::text as n from users where lower(email) = lower(${email})`,
        )
      )[0]?.n,
    );

  it('registers a patient without a code, emails a code, and verifying signs them in', async () => {
    const body = fresh('patient');
    const created = await register(body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toEqual({
      message: `Registration successful. If ${body.email} is new to Sukoon, we sent a 6-digit code to it; enter it to verify your email. If it already has an account, we emailed how to sign in instead.`,
      verificationRequired: true,
    });

    const login = { email: body.email, password: body.password };
    const early = await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: login,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('EMAIL_NOT_VERIFIED');

    const [mail] = await mailFor(context.app, body.email);
    expect(mail?.subject).toMatch(/verification code/);
    expect(mail?.html).toContain('Sukoon');
    expect(mail?.text).toMatch(/expires in 10 minutes/);
    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/otp/verify',
      payload: {
        email: body.email.toUpperCase(),
        otp_code: await latestCode(context.app, body.email),
      },
    });
    // The verified owner is signed in, as a password sign-in would: a bearer token (also at the top
    // level, where the original client reads it), the user, and a sign-in in the audit log.
    const answer = verified.json();
    expect(answer).toEqual({
      success: true,
      data: {
        message: 'Email verified successfully!',
        token: expect.any(String),
        user: {
          id: expect.any(String),
          email: body.email,
          username: body.username,
          role: 'patient',
          fullName: null,
          avatarUrl: null,
          locale: 'en',
        },
      },
      error: null,
      token: answer.data.token,
    });
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${answer.data.token}` },
    });
    expect(me.json().data.id).toBe(answer.data.user.id);
    const audit = await queryRows<{ action: string; details: Record<string, unknown> }>(
      context.database.db,
      sql`select action, details from audit_events where subject_user_id = ${answer.data.user.id}
          order by occurred_at`,
    );
    expect(audit.map((row) => [row.action, row.details.method])).toEqual([
      ['auth.sign_in_failed', undefined],
      ['auth.signed_in', 'email_code'],
    ]);
    // The code was used up in signing in: it cannot sign anyone in again.
    const replay = await context.app.inject({
      method: 'POST',
      url: '/api/otp/verify',
      payload: { email: body.email, otp_code: await latestCode(context.app, body.email) },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().token).toBeUndefined();
    // The password still signs in too.
    const signedIn = await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: login,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
  });

  it('registers a psychologist with a trimmed code, makes a profile with default rates and uses the code up', async () => {
    const code = await issueCode();
    const body = fresh('psychologist', { psychologist_code: `  ${code} ` });
    expect((await register(body)).statusCode).toBe(201);
    const [profile] = await queryRows<{ rate_20_paise: number; time_zone: string }>(
      context.database.db,
      sql`select p.rate_20_paise, p.time_zone from psychologist_profiles p join users u on u.id = p.user_id where u.email = ${body.email}`,
    );
    expect(profile).toEqual({ rate_20_paise: 50_000, time_zone: 'Asia/Kolkata' });

    const check = await context.app.inject({
      method: 'POST',
      url: '/api/psychologists/verify',
      payload: { code },
    });
    expect(check.json().data).toEqual({ valid: false, institution: null });
    const again = await register(fresh('psychologist', { psychologist_code: code }));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'INVALID_PSYCHOLOGIST_CODE',
      message: 'Invalid or expired psychologist code. Please check the code and try again.',
      field: 'psychologist_code',
    });
  });

  it('refuses an expired, a wrong-case and a missing code and writes nothing', async () => {
    const expired = await issueCode(-1000);
    const live = await issueCode();
    const swapped = live.replace(/[a-z]/i, (c) =>
      c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
    );
    for (const psychologist_code of [expired, swapped, 'NO-SUCH-CODE']) {
      const body = fresh('psychologist', { psychologist_code });
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_PSYCHOLOGIST_CODE');
      expect(await userCount(body.email)).toBe(0);
      expect(await mailFor(context.app, body.email)).toEqual([]);
    }
    const missing = await register(fresh('psychologist'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(
      'body.psychologist_code: Psychologist code is required',
    );

    const usable = await context.app.inject({
      method: 'POST',
      url: '/api/psychologists/verify',
      payload: { code: ` ${live}` },
    });
    expect(usable.json().data).toEqual({ valid: true, institution: 'Test Institute' });
  });

  it('lets exactly one of two parallel registrations use one code', async () => {
    const code = await issueCode();
    const [first, second] = await Promise.all([
      register(fresh('psychologist', { psychologist_code: code })),
      register(fresh('psychologist', { psychologist_code: code })),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const [row] = await queryRows<{ n: string }>(
      context.database.db,
      sql`select count(*)::text as n from psychologist_profiles p join institution_codes c on c.used_by = p.user_id where c.code = ${code}`,
    );
    expect(row?.n).toBe('1');
  });

  it('answers a taken email (any case, padded) like a new one, and emails its owner instead', async () => {
    const body = fresh('patient');
    const first = await register(body);
    expect(first.statusCode).toBe(201);
    const stranger = { ...fresh('patient'), email: `  ${body.email.toUpperCase()} ` };
    const again = await register(stranger);
    expect(again.statusCode).toBe(201);
    // Same words as for a new email, about the address as typed: nothing to compare.
    const answer = first.json<{ data: { message: string } }>();
    expect(again.json()).toEqual({
      ...answer,
      data: {
        ...answer.data,
        message: answer.data.message.replace(body.email, body.email.toUpperCase()),
      },
    });
    expect(await userCount(body.email)).toBe(1);
    const [notice] = await mailFor(context.app, body.email);
    expect(notice?.subject).toBe('Someone tried to register with your email at Sukoon');
    expect(notice?.text).toMatch(/sign in with your password, or choose "Forgot Password"/);
    expect(notice?.text).not.toMatch(/Your code/);
  });

  it('checks the institution code for a taken email as for a new one, without using it', async () => {
    const code = await issueCode();
    const owner = fresh('psychologist', { psychologist_code: code });
    expect((await register(owner)).statusCode).toBe(201);
    const wrong = await register({
      ...fresh('psychologist'),
      email: owner.email,
      psychologist_code: 'NO-SUCH-CODE',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_PSYCHOLOGIST_CODE');
    const spare = await issueCode();
    const right = await register({
      ...fresh('psychologist'),
      email: owner.email,
      psychologist_code: spare,
    });
    expect(right.statusCode).toBe(201);
    const check = await context.app.inject({
      method: 'POST',
      url: '/api/psychologists/verify',
      payload: { code: spare },
    });
    expect(check.json().data.valid).toBe(true);
  });

  it('refuses a taken username regardless of case, with 409, and writes nothing', async () => {
    const body = fresh('patient');
    expect((await register(body)).statusCode).toBe(201);
    const clash = { ...fresh('patient'), username: body.username.toUpperCase() };
    const response = await register(clash);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'USERNAME_TAKEN',
      message: 'That username is taken. Please choose another.',
      field: 'username',
    });
    expect(await userCount(clash.email)).toBe(0);
    expect(await mailFor(context.app, clash.email)).toEqual([]);
  });

  it('refuses common passwords with 422 and bad fields with 400, each naming its field', async () => {
    for (const password of ['password123', 'Iloveyou1', 'qwertyuiop']) {
      const response = await register(fresh('patient', { password }));
      expect(response.statusCode).toBe(422);
      // About the password alone: nothing said of an email that was fine.
      expect(response.json().error).toEqual({
        code: 'WEAK_PASSWORD',
        message:
          'This password is one of the most common and easy to guess. Please choose another.',
        field: 'password',
      });
    }
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters long'],
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters long'],
      [
        { username: 'no spaces' },
        'username',
        'Username may contain only letters, digits and underscore',
      ],
      [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ role: 'admin' }, 'role', 'Role is required'],
      [{ role: 'psychologist' }, 'psychologist_code', 'Psychologist code is required'],
    ];
    for (const [override, field, message] of cases) {
      const response = await register({ ...fresh('patient'), ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ message: `body.${field}: ${message}`, field });
    }
  });
});
