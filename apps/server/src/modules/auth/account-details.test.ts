import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport, User } from '@sukoon/shared';
import { paymentDocuments, users } from '../../db/schema';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

/** The name a patient gives for their receipts (issue 21): at registration, or later in Your details. */
describe('a person’s own details: the full name on their receipts', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  let psychologist: Caller;

  beforeAll(async () => {
    psychologist = await signedInAs(db(), 'psychologist');
  });

  const change = (as: Caller, payload: object) =>
    context.app.inject({ method: 'PATCH', url: '/api/users/me', headers: as.headers, payload });
  const me = async (as: Caller) =>
    (await context.app.inject({ url: '/api/users/me', headers: as.headers })).json<{ data: User }>()
      .data;
  const stored = async (id: string) =>
    (await db().select({ fullName: users.fullName }).from(users).where(eq(users.id, id)))[0]!
      .fullName;

  it('sets the name (spaces tidied), shown at once by /api/users/me, and removes it when emptied', async () => {
    const patient = await signedInAs(db(), 'patient');
    expect((await me(patient)).fullName).toBeNull();

    const set = await change(patient, { fullName: '  Meera   Kapoor ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ id: patient.user.id, fullName: 'Meera Kapoor' });
    expect(await stored(patient.user.id)).toBe('Meera Kapoor');
    // The signed-in session is kept in memory; the change must not be hidden behind it.
    expect((await me(patient)).fullName).toBe('Meera Kapoor');

    const devanagari = await change(patient, { fullName: 'मीरा कपूर' });
    expect(devanagari.json().data.fullName).toBe('मीरा कपूर');

    for (const removal of ['', '   ', null]) {
      await change(patient, { fullName: 'Meera Kapoor' });
      const removed = await change(patient, { fullName: removal });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await stored(patient.user.id)).toBeNull();
      expect((await me(patient)).fullName).toBeNull();
    }
  });

  it('refuses a name no person has, and an empty request, with a message and nothing changed', async () => {
    const patient = await signedInAs(db(), 'patient');
    await change(patient, { fullName: 'Meera Kapoor' });
    for (const [payload, message] of [
      [{ fullName: 'M' }, 'Full name needs at least 2 characters'],
      [{ fullName: '<b>Meera</b>' }, 'Full name can hold letters'],
      [{ fullName: 'x'.repeat(81) }, 'Full name can be at most 80 characters'],
      [{}, 'Nothing to change: send fullName'],
      [{ fullName: 42 }, 'fullName'],
    ] as const) {
      const response = await change(patient, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.message).toContain(message);
    }
    expect(await stored(patient.user.id)).toBe('Meera Kapoor');
  });

  it('is open to no one signed out, and changes only the caller’s own account', async () => {
    const patient = await signedInAs(db(), 'patient');
    const other = await signedInAs(db(), 'patient');
    const signedOut = await context.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      payload: { fullName: 'Someone Else' },
    });
    expect(signedOut.statusCode).toBe(401);
    // A user id in the body is not a field of this request: it is ignored, never obeyed.
    await change(patient, { fullName: 'Meera Kapoor', id: other.user.id });
    expect(await stored(patient.user.id)).toBe('Meera Kapoor');
    expect(await stored(other.user.id)).toBeNull();
  });

  it('keeps the full name a patient gives at registration', async () => {
    const registered = await context.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        username: 'meera_k',
        email: 'meera.k@example.test',
        password: 'a-long-enough-password-1',
        role: 'patient',
        fullName: 'Meera Kapoor',
        consent: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [row] = await db()
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.email, 'meera.k@example.test'));
    expect(row?.fullName).toBe('Meera Kapoor');
  });

  it('prints the name on receipts issued after it was given, and keeps an issued receipt as it was', async () => {
    const patient = await signedInAs(db(), 'patient');
    const recipientOf = async (bookingId: string) =>
      (
        await db()
          .select({ snapshot: paymentDocuments.snapshot })
          .from(paymentDocuments)
          .where(eq(paymentDocuments.bookingId, bookingId))
      )[0]!.snapshot.recipient.name;

    const before = await bookAndPay(context.app, patient, psychologist.user.id, istSlot(4, 600));
    await change(patient, { fullName: 'Meera Kapoor' });
    const after = await bookAndPay(context.app, patient, psychologist.user.id, istSlot(4, 720));

    expect(await recipientOf(after.bookingId)).toBe('Meera Kapoor');
    expect(await recipientOf(before.bookingId)).not.toBe('Meera Kapoor');

    // Their data download names them and lists both receipts.
    const download = await context.app.inject({
      url: '/api/users/me/export',
      headers: patient.headers,
    });
    const { data } = download.json<{ data: AccountExport }>();
    expect(data.account.full_name).toBe('Meera Kapoor');
    expect(data.receipts.map((receipt) => receipt.booking_id).sort()).toEqual(
      [before.bookingId, after.bookingId].sort(),
    );
    expect(data.receipts.every((receipt) => receipt.kind === 'receipt')).toBe(true);
  });
});
