import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TRANSLATIONS, ERRORS, type User } from '@sukoon/shared';
import { users } from '../../db/schema';
import { signedInAs } from '../../../test/sign-in';
import { startSmtpSink } from '../../../test/smtp-sink';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;
const DEVANAGARI = /[\u0900-\u097F]/;

/** Issue 22: the language a person chose is kept with their account and followed by the API. */
describe('a person’s language', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  const change = (as: Caller | null, payload: unknown) =>
    context.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      ...(as ? { headers: as.headers } : {}),
      payload: payload as object,
    });
  const me = async (as: Caller) =>
    (await context.app.inject({ url: '/api/users/me', headers: as.headers })).json<{ data: User }>()
      .data;
  const stored = async (id: string) =>
    (await db().select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]!.locale;

  it('is English until chosen, then kept with the account and shown at once by /api/users/me', async () => {
    const patient = await signedInAs(db(), 'patient');
    expect((await me(patient)).locale).toBe('en');

    const chosen = await change(patient, { locale: 'hi' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ id: patient.user.id, locale: 'hi' });
    expect(await stored(patient.user.id)).toBe('hi');
    // The session is kept in memory: the change must not hide behind it.
    expect((await me(patient)).locale).toBe('hi');

    // The full name and the language are changed independently.
    const named = await change(patient, { fullName: 'Meera Kapoor' });
    expect(named.json().data).toMatchObject({ fullName: 'Meera Kapoor', locale: 'hi' });
    expect((await change(patient, { locale: 'en' })).json().data).toMatchObject({
      fullName: 'Meera Kapoor',
      locale: 'en',
    });
  });

  it('refuses a language Sukoon does not speak with a 400 that says which it does, nothing saved', async () => {
    const patient = await signedInAs(db(), 'patient');
    await change(patient, { locale: 'hi' });
    for (const locale of ['mr', 'HI', 'hi-IN', '', 42, null]) {
      const response = await change(patient, { locale, fullName: 'Someone Else' });
      expect(response.statusCode, JSON.stringify(locale)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.field).toBe('locale');
    }
    // Asked in English, the message names the languages it takes.
    const english = await context.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { ...patient.headers },
      payload: { locale: 'fr' },
    });
    expect(english.statusCode).toBe(400);
    // The account speaks Hindi, so its answers do too: the same code, the catalogue's Hindi.
    expect(english.json().error.message).toBe(ERROR_TRANSLATIONS.hi.VALIDATION_FAILED);
    await change(patient, { locale: 'en' });
    const inEnglish = await change(patient, { locale: 'fr' });
    expect(inEnglish.json().error.message).toContain('Choose a language Sukoon speaks: en or hi');

    expect(await stored(patient.user.id)).toBe('en');
    expect(
      (await db().select().from(users).where(eq(users.id, patient.user.id)))[0]!.fullName,
    ).toBe(null);
  });

  it('is open to no one signed out', async () => {
    const signedOut = await change(null, { locale: 'hi' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('words API errors in the request’s language and keeps their code', async () => {
    const login = (headers: Record<string, string>) =>
      context.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers,
        payload: { email: 'nobody@example.test', password: 'wrong-password-1' },
      });
    const english = await login({});
    const hindi = await login({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    const preferringEnglish = await login({ 'accept-language': 'en-GB,hi;q=0.5' });
    const unsupported = await login({ 'accept-language': 'mr-IN,ta;q=0.8' });
    expect(hindi.statusCode).toBe(english.statusCode);
    expect(hindi.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(english.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(english.json().error.message).toBe(ERRORS.INVALID_CREDENTIALS.message);
    expect(hindi.json().error.message).toBe('ईमेल या पासवर्ड सही नहीं है।');
    expect(preferringEnglish.json().error.message).toBe(ERRORS.INVALID_CREDENTIALS.message);
    expect(unsupported.json().error.message).toBe(ERRORS.INVALID_CREDENTIALS.message);

    // A signed-in person's own language wins over the header.
    const patient = await signedInAs(db(), 'patient');
    await change(patient, { locale: 'hi' });
    const forbidden = await context.app.inject({
      url: '/api/practice/summary',
      headers: { ...patient.headers, 'accept-language': 'en' },
    });
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    // The refusal's own detail ("Only a psychologist can do that.") is in the catalogue, so in Hindi.
    expect(forbidden.json().error.message).toBe('यह सिर्फ़ साइकोलॉजिस्ट कर सकते हैं।');

    // A route's own answer follows the language too.
    const forgot = await context.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      headers: { 'accept-language': 'hi' },
      payload: { email: 'nobody@example.test' },
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().data.message).toMatch(DEVANAGARI);
  });
});

const sink = await startSmtpSink();
afterAll(() => sink.close());

describe('one-time-code emails in the person’s language, through a real SMTP server', () => {
  const context = useTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Sukoon <hello@sukoon.test>' });
  let email: string;

  beforeAll(() => {
    email = `hindi.${Date.now()}@example.test`;
  });

  it('registers in Hindi: the account keeps Hindi and its code arrives in Hindi, text and HTML', async () => {
    const before = sink.received.length;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'accept-language': 'hi' },
      payload: {
        username: `hindi_${Date.now() % 100_000}`,
        email,
        password: 'kettle-monsoon-42',
        role: 'patient',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.message).toContain('रजिस्ट्रेशन हो गया');
    const [row] = await context.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.locale).toBe('hi');

    const mail = (await sink.waitFor(before + 1)).at(-1)!;
    expect(mail.to?.[0]?.address).toBe(email);
    expect(mail.subject).toMatch(/^\d{6} आपका Sukoon वेरिफ़िकेशन कोड है$/);
    expect(mail.text).toContain('अपना ईमेल वेरिफ़ाई करें');
    expect(mail.text).not.toMatch(/Verify your email|expires/);
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain('अपना ईमेल वेरिफ़ाई करें');
    const code = /आपका कोड: (\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/otp/verify',
      payload: { email, otp_code: code },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user.locale).toBe('hi');
  });

  it('sends the password reset code in the account’s language, whatever the browser asks', async () => {
    const before = sink.received.length;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      headers: { 'accept-language': 'en' },
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const mail = (await sink.waitFor(before + 1)).at(-1)!;
    expect(mail.subject).toMatch(/^\d{6} आपका Sukoon पासवर्ड रीसेट कोड है$/);
    expect(mail.html).toContain('अपना पासवर्ड रीसेट करें');
  });

  it('keeps English emails for an English account', async () => {
    const before = sink.received.length;
    const english = `english.${Date.now()}@example.test`;
    await context.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        username: `english_${Date.now() % 100_000}`,
        email: english,
        password: 'kettle-monsoon-42',
        role: 'patient',
      },
    });
    const mail = (await sink.waitFor(before + 1)).at(-1)!;
    expect(mail.subject).toMatch(/^\d{6} is your Sukoon verification code$/);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).not.toMatch(DEVANAGARI);
  });
});
