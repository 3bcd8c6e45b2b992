import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addIsoDays, localDateOf, zonedInstant } from '@sukoon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import {
  createBooking,
  createPaidBooking,
  createPatient,
  createPsychologist,
} from './db/factories';
import { calendarFeeds } from './db/schema';
import { createSessionsService } from './modules/auth/sessions-service';
import { hashSecretToken } from './lib/secret-tokens';

/**
 * Who may call what, written down once: every route of the OpenAPI document, called by each kind of
 * caller against records owned by patient A and psychologist X, with the status each must get. A
 * route missing from the table fails the test, so no route ships unchecked. Every call gets fresh
 * records, so a call that changes or removes one cannot affect the next.
 */

const CALLERS = [
  'signed out',
  'patient A',
  'patient B',
  'psychologist X',
  'psychologist Y',
] as const;
type Caller = (typeof CALLERS)[number];

/** Expected status per caller, in the order of CALLERS. */
type Expected = readonly [number, number, number, number, number];

/** The records of one ownership: a patient's and a psychologist's. */
interface Fixture {
  patient: { id: string; email: string };
  psychologist: { id: string };
  /** A future instant on a free half-hour slot of the psychologist's calendar, new on every call. */
  freeSlot(): Date;
  /** An upcoming, paid booking between the two owners. */
  upcomingBooking(): Promise<{ id: string }>;
  /** A paid booking between the two owners that has started (a new past slot on every call). */
  startedBooking(): Promise<{ id: string }>;
  /** The psychologist's own event without a patient (unpaid). */
  ownEvent(): Promise<{ id: string }>;
  /** The patient's hold on a free slot of the psychologist's, with its payment order. */
  ownersHold(): Promise<{ bookingId: string; orderId: string }>;
  /** A session the patient paid through the checkout, and the receipt the payment was given. */
  paidReceipt(): Promise<{ bookingId: string; receiptId: string }>;
  /** A date two weeks ahead, in the psychologist's time zone. */
  futureDate: string;
  /** The address path of the patient's calendar feed, with a new secret on every call. */
  patientFeedPath(): Promise<string>;
  /** Every user's calendar feed on (so reset and settings have one to change), or every one off. */
  everyoneHasAFeed(): Promise<void>;
  noFeeds(): Promise<void>;
}

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

type Row = { expected: Expected; call: (f: Fixture) => Call | Promise<Call> };

const everyone = (status: number): Expected => [status, status, status, status, status];
const signedIn = (status: number): Expected => [401, status, status, status, status];
/** Patients only; the psychologists are refused by role. */
const patients = (status: number): Expected => [401, status, status, 403, 403];
/** Psychologists, each on their own calendar. */
const psychologists = (status: number): Expected => [401, 403, 403, status, status];

const MATRIX: Record<string, Row> = {
  'GET /api/health': {
    expected: everyone(200),
    call: () => ({ method: 'GET', url: '/api/health' }),
  },
  'GET /api/config': {
    expected: everyone(200),
    call: () => ({ method: 'GET', url: '/api/config' }),
  },

  // Accounts: public, and the same for every caller (the bearer token plays no part).
  'POST /api/users/login': {
    expected: everyone(200),
    call: (f) => ({
      method: 'POST',
      url: '/api/users/login',
      body: { email: f.patient.email, password: 'correct-horse-battery' },
    }),
  },
  'POST /api/users/register': {
    expected: everyone(201),
    call: () => {
      const name = `matrix_${randomBytes(4).toString('hex')}`;
      return {
        method: 'POST',
        url: '/api/users/register',
        body: {
          username: name,
          email: `${name}@example.test`,
          password: 'a-long-new-passphrase',
          role: 'patient',
        },
      };
    },
  },
  'POST /api/otp/verify': {
    expected: everyone(400),
    call: (f) => ({
      method: 'POST',
      url: '/api/otp/verify',
      body: { email: f.patient.email, otp_code: '000000' },
    }),
  },
  'POST /api/resend-otp': {
    expected: everyone(200),
    call: () => ({
      method: 'POST',
      url: '/api/resend-otp',
      body: { email: 'nobody@example.test' },
    }),
  },
  'POST /api/password/forgot': {
    expected: everyone(200),
    call: () => ({
      method: 'POST',
      url: '/api/password/forgot',
      body: { email: 'nobody@example.test' },
    }),
  },
  'POST /api/password/reset': {
    expected: everyone(400),
    call: (f) => ({
      method: 'POST',
      url: '/api/password/reset',
      body: { email: f.patient.email, otp_code: '000000', new_password: 'a-long-new-passphrase' },
    }),
  },
  'POST /api/users/token-login': {
    expected: everyone(401),
    call: () => ({
      method: 'POST',
      url: '/api/users/token-login',
      body: { token: 'x'.repeat(43) },
    }),
  },
  'POST /api/users/demo-login': {
    // Demo data is off in these tests.
    expected: everyone(404),
    call: () => ({ method: 'POST', url: '/api/users/demo-login' }),
  },
  'GET /api/users/me': {
    expected: signedIn(200),
    call: () => ({ method: 'GET', url: '/api/users/me' }),
  },
  'PATCH /api/users/me': {
    // Each caller changes only their own account: there is no id to aim at anyone else's.
    expected: signedIn(200),
    call: () => ({ method: 'PATCH', url: '/api/users/me', body: { fullName: 'Meera Kapoor' } }),
  },
  'POST /api/users/logout': {
    expected: signedIn(200),
    call: () => ({ method: 'POST', url: '/api/users/logout' }),
  },
  'POST /api/auth/sign-out-everywhere': {
    expected: signedIn(200),
    call: () => ({ method: 'POST', url: '/api/auth/sign-out-everywhere' }),
  },
  'POST /api/psychologists/verify': {
    expected: everyone(200),
    call: () => ({
      method: 'POST',
      url: '/api/psychologists/verify',
      body: { code: 'NO-SUCH-CODE' },
    }),
  },

  // Psychologists and their calendars.
  'GET /api/psychologists': {
    expected: signedIn(200),
    call: () => ({ method: 'GET', url: '/api/psychologists' }),
  },
  'GET /api/psychologists/{id}': {
    expected: signedIn(200),
    call: (f) => ({ method: 'GET', url: `/api/psychologists/${f.psychologist.id}` }),
  },
  'PATCH /api/psychologists/{id}': {
    expected: [401, 403, 403, 200, 403],
    call: (f) => ({
      method: 'PATCH',
      url: `/api/psychologists/${f.psychologist.id}`,
      body: { displayName: 'Dr. X' },
    }),
  },
  'GET /api/availability': {
    expected: signedIn(200),
    call: (f) => ({
      method: 'GET',
      url: `/api/availability?psychologistId=${f.psychologist.id}&from=${f.futureDate}&to=${addIsoDays(f.futureDate, 6)}`,
    }),
  },
  'PATCH /api/availability/toggle-segment': {
    expected: psychologists(200),
    call: (f) => ({
      method: 'PATCH',
      url: '/api/availability/toggle-segment',
      body: { date: f.futureDate, segment: 'evening', status: 'Unavailable' },
    }),
  },
  'PATCH /api/availability/toggle-day': {
    expected: psychologists(200),
    call: (f) => ({
      method: 'PATCH',
      url: '/api/availability/toggle-day',
      body: { date: addIsoDays(f.futureDate, 1), status: 'Unavailable' },
    }),
  },
  'PATCH /api/availability/toggle-slot': {
    expected: psychologists(200),
    call: (f) => ({
      method: 'PATCH',
      url: '/api/availability/toggle-slot',
      body: { start: f.freeSlot().toISOString(), status: 'Blocked' },
    }),
  },

  // Booking.
  'POST /api/payments/create-order': {
    expected: patients(200),
    call: (f) => ({
      method: 'POST',
      url: '/api/payments/create-order',
      body: {
        psychologist_id: f.psychologist.id,
        start_time: f.freeSlot().toISOString(),
        duration: 20,
        title: 'Session',
        description: 'Matrix',
      },
    }),
  },
  'DELETE /api/bookings/holds/{id}': {
    expected: [401, 200, 403, 403, 403],
    call: async (f) => ({
      method: 'DELETE',
      url: `/api/bookings/holds/${(await f.ownersHold()).bookingId}`,
    }),
  },
  'GET /api/bookings/holds/{id}/order': {
    // Only the hold's own patient may reopen its checkout.
    expected: [401, 200, 403, 403, 403],
    call: async (f) => ({
      method: 'GET',
      url: `/api/bookings/holds/${(await f.ownersHold()).bookingId}/order`,
    }),
  },
  'POST /api/bookings': {
    // A patient's booking exists only through a verified payment; Y cannot write on X's calendar.
    expected: [401, 402, 402, 200, 403],
    call: (f) => {
      const start = f.freeSlot();
      return {
        method: 'POST',
        url: '/api/bookings',
        body: {
          psychologist_id: f.psychologist.id,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 20 * 60_000).toISOString(),
          title: 'Own event',
          description: 'Matrix',
          meeting_link: 'https://meet.example.com/matrix',
        },
      };
    },
  },
  'POST /api/events': {
    // Patients book by paying: they are pointed at the checkout (402), not merely refused.
    expected: [401, 402, 402, 200, 200],
    call: (f) => {
      const start = f.freeSlot();
      return {
        method: 'POST',
        url: '/api/events',
        body: {
          title: 'Own event',
          description: 'Matrix',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 20 * 60_000).toISOString(),
          meetingLink: 'https://meet.example.com/matrix',
        },
      };
    },
  },
  'PUT /api/events/{id}': {
    expected: [401, 403, 403, 200, 403],
    call: async (f) => ({
      method: 'PUT',
      url: `/api/events/${(await f.ownEvent()).id}`,
      body: { title: 'Renamed' },
    }),
  },
  'DELETE /api/events/{id}': {
    expected: [401, 403, 403, 200, 403],
    call: async (f) => ({ method: 'DELETE', url: `/api/events/${(await f.ownEvent()).id}` }),
  },
  'GET /api/bookings/user/{userId}': {
    expected: [401, 200, 403, 403, 403],
    call: (f) => ({ method: 'GET', url: `/api/bookings/user/${f.patient.id}` }),
  },
  // A session's calendar file: its patient's; another patient is told it does not exist.
  'GET /api/bookings/{id}/calendar.ics': {
    expected: [401, 200, 404, 403, 403],
    call: async (f) => ({
      method: 'GET',
      url: `/api/bookings/${(await f.upcomingBooking()).id}/calendar.ics`,
    }),
  },
  // After the booking: the session's psychologist sets the link and marks attendance; either party cancels.
  'PATCH /api/bookings/{id}/meeting-link': {
    expected: [401, 403, 403, 200, 403],
    call: async (f) => ({
      method: 'PATCH',
      url: `/api/bookings/${(await f.upcomingBooking()).id}/meeting-link`,
      body: { meetingLink: 'https://meet.example.com/matrix' },
    }),
  },
  'PATCH /api/bookings/{id}/attendance': {
    expected: [401, 403, 403, 200, 403],
    call: async (f) => ({
      method: 'PATCH',
      url: `/api/bookings/${(await f.startedBooking()).id}/attendance`,
      body: { status: 'present', notes: 'Matrix' },
    }),
  },
  'PATCH /api/bookings/cancel-user/{bookingId}': {
    // A cancels at once; X is answered with the penalty order to pay first.
    expected: [401, 200, 403, 200, 403],
    call: async (f) => ({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${(await f.upcomingBooking()).id}`,
    }),
  },
  'PATCH /api/bookings/{id}/reschedule': {
    // Its patient (within the policy) and its psychologist may move it; nobody else.
    expected: [401, 200, 403, 200, 403],
    call: async (f) => ({
      method: 'PATCH',
      url: `/api/bookings/${(await f.upcomingBooking()).id}/reschedule`,
      body: { start_time: f.freeSlot().toISOString() },
    }),
  },
  'POST /api/bookings/{id}/move-decision': {
    // Only its patient answers a move (none is pending here); psychologists are not patients.
    expected: [401, 409, 403, 403, 403],
    call: async (f) => ({
      method: 'POST',
      url: `/api/bookings/${(await f.upcomingBooking()).id}/move-decision`,
      body: { decision: 'keep' },
    }),
  },
  'GET /api/move-decisions/{token}': {
    expected: everyone(410),
    call: () => ({
      method: 'GET',
      url: `/api/move-decisions/${randomBytes(32).toString('base64url')}`,
    }),
  },
  'POST /api/move-decisions': {
    // The emailed link's token is the only key: a token nobody was sent opens nothing.
    expected: everyone(410),
    call: () => ({
      method: 'POST',
      url: '/api/move-decisions',
      body: { token: randomBytes(32).toString('base64url'), decision: 'cancel' },
    }),
  },
  'GET /api/bookings/{id}/history': {
    expected: [401, 403, 403, 200, 403],
    call: async (f) => ({
      method: 'GET',
      url: `/api/bookings/${(await f.upcomingBooking()).id}/history`,
    }),
  },

  // Your own data: only ever your own, so every signed-in caller gets the same answer.
  'GET /api/users/me/export': {
    expected: signedIn(200),
    call: () => ({ method: 'GET', url: '/api/users/me/export' }),
  },
  'DELETE /api/users/me': {
    // The password is checked before anything is deleted (the deletion itself is tested elsewhere).
    expected: signedIn(401),
    call: () => ({
      method: 'DELETE',
      url: '/api/users/me',
      body: { password: 'not-the-password' },
    }),
  },
  'GET /api/events': {
    expected: signedIn(200),
    call: (f) => ({ method: 'GET', url: `/api/events?startDate=${f.futureDate}` }),
  },

  // Payments: an order belongs to its payer.
  'POST /api/payments/verify-payment': {
    // A's own call reaches the signature check, which this made-up signature fails.
    expected: [401, 400, 403, 403, 403],
    call: async (f) => ({
      method: 'POST',
      url: '/api/payments/verify-payment',
      body: {
        razorpay_order_id: (await f.ownersHold()).orderId,
        razorpay_payment_id: 'pay_Matrix00000000',
        razorpay_signature: '0'.repeat(64),
      },
    }),
  },
  'GET /api/payments/orders/{orderId}': {
    expected: [401, 200, 403, 403, 403],
    call: async (f) => ({
      method: 'GET',
      url: `/api/payments/orders/${(await f.ownersHold()).orderId}`,
    }),
  },
  'POST /api/payments/webhook': {
    // Signed by Razorpay, not by a user: without the signature nobody gets in.
    expected: everyone(400),
    call: () => ({
      method: 'POST',
      url: '/api/payments/webhook',
      body: { event: 'payment.captured', payload: {} },
    }),
  },
  'GET /api/payments/sandbox/orders/{orderId}': {
    expected: [401, 200, 403, 403, 403],
    call: async (f) => ({
      method: 'GET',
      url: `/api/payments/sandbox/orders/${(await f.ownersHold()).orderId}`,
    }),
  },
  'POST /api/payments/sandbox/pay': {
    expected: [401, 200, 403, 403, 403],
    call: async (f) => ({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      body: {
        order_id: (await f.ownersHold()).orderId,
        method: 'card',
        card_number: '4111 1111 1111 1111',
        outcome: 'success',
        webhook: 'none',
      },
    }),
  },
  'POST /api/payments/sandbox/demo-order': {
    expected: signedIn(200),
    call: () => ({ method: 'POST', url: '/api/payments/sandbox/demo-order' }),
  },

  // Calendar feeds: the secret is the key (a bearer token plays no part); the rest is your own feed.
  'GET /api/calendar-feeds/{secret}.ics': {
    expected: everyone(200),
    call: async (f) => ({ method: 'GET', url: await f.patientFeedPath() }),
  },
  'GET /api/calendar-feeds/me': {
    expected: signedIn(200),
    call: () => ({ method: 'GET', url: '/api/calendar-feeds/me' }),
  },
  'POST /api/calendar-feeds/me': {
    expected: signedIn(200),
    call: async (f) => {
      await f.noFeeds();
      return { method: 'POST', url: '/api/calendar-feeds/me' };
    },
  },
  'POST /api/calendar-feeds/me/reset': {
    expected: signedIn(200),
    call: async (f) => {
      await f.everyoneHasAFeed();
      return { method: 'POST', url: '/api/calendar-feeds/me/reset' };
    },
  },
  'PATCH /api/calendar-feeds/me': {
    // Only a psychologist's feed names patients, so only they choose how.
    expected: psychologists(200),
    call: async (f) => {
      await f.everyoneHasAFeed();
      return { method: 'PATCH', url: '/api/calendar-feeds/me', body: { showFullDetails: true } };
    },
  },
  'DELETE /api/calendar-feeds/me': {
    expected: signedIn(200),
    call: async (f) => {
      await f.everyoneHasAFeed();
      return { method: 'DELETE', url: '/api/calendar-feeds/me' };
    },
  },

  // Receipts: only the document's issuer (psychologist X) and recipient (patient A) may read it; to
  // anyone else it does not exist. A session's list holds only your own documents (else empty).
  'GET /api/receipts/{id}.pdf': {
    expected: [401, 200, 404, 200, 404],
    call: async (f) => ({
      method: 'GET',
      url: `/api/receipts/${(await f.paidReceipt()).receiptId}.pdf`,
    }),
  },
  'GET /api/receipts': {
    expected: signedIn(200),
    call: async (f) => ({
      method: 'GET',
      url: `/api/receipts?booking_id=${(await f.upcomingBooking()).id}`,
    }),
  },
  'GET /api/receipts/settings': {
    expected: psychologists(200),
    call: () => ({ method: 'GET', url: '/api/receipts/settings' }),
  },
  'PUT /api/receipts/settings': {
    expected: psychologists(200),
    call: () => ({
      method: 'PUT',
      url: '/api/receipts/settings',
      body: { address: '12, 2nd Cross, Indiranagar', gstStatus: 'not_registered', gstin: null },
    }),
  },

  // The Practice page: a psychologist's own figures only (the caller's own, whatever the records).
  'GET /api/practice/summary': {
    expected: psychologists(200),
    call: () => ({ method: 'GET', url: '/api/practice/summary?period=FY2026' }),
  },
  'GET /api/practice/sessions.csv': {
    expected: psychologists(200),
    call: () => ({ method: 'GET', url: '/api/practice/sessions.csv?period=FY2026' }),
  },
  'GET /api/practice/money.csv': {
    expected: psychologists(200),
    call: () => ({ method: 'GET', url: '/api/practice/money.csv?period=FY2026' }),
  },

  // The dev mailbox exists only without SMTP and outside production (its own tests prove both).
  'GET /dev/mailbox.json': {
    expected: everyone(200),
    call: () => ({ method: 'GET', url: '/dev/mailbox.json' }),
  },
};

/**
 * The table is written for records owned by patient A and psychologist X; run against records of
 * B and Y, the same statuses apply to the mirrored callers.
 */
const OWNERSHIPS = [
  { name: 'A and X', order: [0, 1, 2, 3, 4] },
  { name: 'B and Y', order: [0, 2, 1, 4, 3] },
] as const;

describe('authorization matrix', () => {
  const context = useTestApp({ DEMO: 'false' });
  const tokens = new Map<Caller, () => Promise<string | null>>();
  const fixtures = new Map<string, Fixture>();
  let routes: string[] = [];

  beforeAll(async () => {
    const { app, database } = context;
    const db = database.db;
    const users = {
      'patient A': await createPatient(db),
      'patient B': await createPatient(db),
      'psychologist X': await createPsychologist(db),
      'psychologist Y': await createPsychologist(db),
    };
    const sessions = createSessionsService(db);
    // A fresh token for every call, so logout in one call cannot sign the caller out of the next.
    const tokenOf = (id: string) => async () => (await sessions.issue(id)).token;
    tokens.set('signed out', () => Promise.resolve(null));
    for (const [caller, user] of Object.entries(users))
      tokens.set(caller as Caller, tokenOf(user.id));

    const ownerships = [
      { name: 'A and X', patient: users['patient A'], psychologist: users['psychologist X'] },
      { name: 'B and Y', patient: users['patient B'], psychologist: users['psychologist Y'] },
    ];
    for (const [round, { name, patient, psychologist }] of ownerships.entries()) {
      const zone = psychologist.profile.timeZone;
      // Each round on its own weeks: callers also write on their own calendars at these times.
      const startDate = addIsoDays(localDateOf(new Date(), zone), 14 + 30 * round);
      let slot = 0;
      let pastSessions = 0;
      // Half-hour slots from 9:00 to 20:30, day after day, never the same one twice.
      const freeSlot = () => {
        const index = slot++;
        return zonedInstant(
          addIsoDays(startDate, 2 + Math.floor(index / 24)),
          9 * 60 + (index % 24) * 30,
          zone,
        );
      };
      const patientToken = tokenOf(patient.id);
      const paidBooking = async (startsAt: Date) =>
        (
          await createPaidBooking(db, {
            psychologistId: psychologist.id,
            patientId: patient.id,
            startsAt,
            durationMinutes: 20,
          })
        ).booking;
      const asPatient = async (method: 'GET' | 'POST', url: string, payload?: object) => {
        const response = await app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${await patientToken()}` },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: Record<string, unknown> }>().data;
      };
      const fixture: Fixture = {
        patient,
        psychologist,
        futureDate: startDate,
        freeSlot,
        upcomingBooking: () => paidBooking(freeSlot()),
        startedBooking: () => paidBooking(new Date(Date.now() - ++pastSessions * 60 * 60_000)),
        ownEvent: () =>
          createBooking(db, {
            psychologistId: psychologist.id,
            startsAt: freeSlot(),
            durationMinutes: 20,
            pricePaise: 0,
          }),
        patientFeedPath: async () => {
          const secret = randomBytes(32).toString('base64url');
          await db
            .insert(calendarFeeds)
            .values({ userId: patient.id, secretHash: hashSecretToken(secret) })
            .onConflictDoUpdate({
              target: calendarFeeds.userId,
              set: { secretHash: hashSecretToken(secret) },
            });
          return `/api/calendar-feeds/${secret}.ics`;
        },
        everyoneHasAFeed: async () => {
          await db.execute(
            sql`insert into calendar_feeds (user_id, secret_hash)
                select id, encode(sha256(gen_random_uuid()::text::bytea), 'hex') from users
                on conflict (user_id) do nothing`,
          );
        },
        noFeeds: async () => {
          await db.delete(calendarFeeds);
        },
        ownersHold: async () => {
          // Every call places another hold for one patient, replacing the last: age those out of
          // the abandonment window (that limit is proven in holds-abuse.test.ts, not here).
          await db.execute(
            sql`update bookings set created_at = created_at - interval '2 days'
                where patient_id = ${patient.id} and status in ('canceled', 'expired')`,
          );
          const response = await app.inject({
            method: 'POST',
            url: '/api/payments/create-order',
            headers: { authorization: `Bearer ${await patientToken()}` },
            payload: {
              psychologist_id: psychologist.id,
              start_time: freeSlot().toISOString(),
              duration: 20,
              title: 'Session',
              description: 'Matrix',
            },
          });
          expect(response.statusCode, response.body).toBe(200);
          const { data } = response.json<{ data: { booking_id: string; order_id: string } }>();
          return { bookingId: data.booking_id, orderId: data.order_id };
        },
        paidReceipt: async () => {
          const { bookingId, orderId } = await fixture.ownersHold();
          const paid = await asPatient('POST', '/api/payments/sandbox/pay', {
            order_id: orderId,
            method: 'card',
            card_number: '4111 1111 1111 1111',
            outcome: 'success',
            webhook: 'none',
          });
          await asPatient('POST', '/api/payments/verify-payment', paid.response as object);
          const documents = (await asPatient(
            'GET',
            `/api/receipts?booking_id=${bookingId}`,
          )) as unknown as Array<{ id: string; kind: string }>;
          const receipt = documents.find((document) => document.kind !== 'refund_note');
          expect(receipt).toBeDefined();
          return { bookingId, receiptId: receipt!.id };
        },
      };
      fixtures.set(name, fixture);
    }

    const document = app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
  });

  it('has a row for every route of the OpenAPI document, and no row for a route that is gone', () => {
    expect(
      routes.filter((route) => !(route in MATRIX)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it.each(OWNERSHIPS)(
    'gives every caller the status the table says, on records of $name',
    async ({ name, order }) => {
      const fixture = fixtures.get(name)!;
      const mismatches: string[] = [];
      let calls = 0;
      for (const [route, row] of Object.entries(MATRIX)) {
        for (const [index, caller] of CALLERS.entries()) {
          const expected = row.expected[order[index]!];
          const call = await row.call(fixture);
          const token = await tokens.get(caller)!();
          const response = await context.app.inject({
            method: call.method as 'GET',
            url: call.url,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(call.body === undefined ? {} : { payload: call.body as object }),
          });
          calls += 1;
          if (response.statusCode !== expected) {
            mismatches.push(
              `${route} as ${caller}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
      expect(mismatches).toEqual([]);
      console.info(
        `authorization matrix (records of ${name}): ${calls} calls, ${routes.length} routes × ${CALLERS.length} callers`,
      );
    },
    120_000,
  );
});
