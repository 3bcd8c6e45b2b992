import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, type Locale, type PracticePolicy } from '@sukoon/shared';
import { createBooking, createPatient, createPsychologist } from '../../db/factories';
import { mailOutbox, users, type bookings } from '../../db/schema';
import { createTestDatabase } from '../../../test/test-database';
import { queueCancellationEmails } from './emails/cancellation';
import { queueConfirmationEmails } from './emails/confirmation';
import { sessionCalendarFile, sessionInvitation } from './emails/invitation';
import { queueMeetingLinkEmail } from './emails/meeting-link';
import { queueMoveEmails } from './emails/move';
import { queueMoveKeptEmail } from './emails/move-kept';
import { queueReminderEmail, startsIn } from './emails/reminder';

/** Every session email, rendered, pinned while its code is reshaped: nothing may change. */

type Booking = typeof bookings.$inferSelect;
const PUBLIC_URL = 'https://sukoon.example/';
const START = new Date('2030-03-12T04:30:00.000Z');
const HOUR = 3_600_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let base: Booking;
let ids: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  const psychologist = await createPsychologist(database.db, {
    email: 'psychologist@example.test',
    username: 'dr_meera',
    displayName: 'Dr. Meera Rao',
  });
  const patient = await createPatient(database.db, {
    email: 'patient@example.test',
    username: 'asha_k',
    fullName: 'Asha Kumar',
  });
  base = await createBooking(database.db, {
    psychologistId: psychologist.id,
    patientId: patient.id,
    startsAt: START,
    title: 'First session',
    description: 'Sleep & "stress" <at work>',
  });
  ids = { [psychologist.id]: 'PSYCHOLOGIST', [patient.id]: 'PATIENT', [base.id]: 'BOOKING' };
});
afterAll(() => database.close());

async function speak(patient: Locale, psychologist: Locale) {
  await database.db.update(users).set({ locale: patient }).where(eq(users.id, base.patientId!));
  await database.db
    .update(users)
    .set({ locale: psychologist })
    .where(eq(users.id, base.psychologistId));
}

function normalize(value: string): string {
  let out = value
    .replace(/token=[\w-]+/g, 'token=TOKEN')
    .replace(/DTSTAMP:\d{8}T\d{6}Z/g, 'DTSTAMP');
  for (const [id, name] of Object.entries(ids)) out = out.replaceAll(id, name);
  return out;
}

/** The mails `queue` leaves in the outbox, oldest first, as they would be sent. */
async function rendered(queue: () => Promise<unknown>) {
  await database.db.delete(mailOutbox);
  await queue();
  const rows = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.to));
  return rows.map((row) =>
    normalize(
      JSON.stringify(
        {
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: row.attachments.map((file) =>
            'contentBase64' in file
              ? { ...file, contentBase64: Buffer.from(file.contentBase64, 'base64').toString() }
              : file,
          ),
        },
        null,
        2,
      ),
    ),
  );
}

const policies: Record<string, PracticePolicy> = {
  default: DEFAULT_PRACTICE_POLICY,
  lateNothing: {
    ...DEFAULT_PRACTICE_POLICY,
    lateCancelWindowMinutes: 24 * 60,
    lateCancelRefundPercent: 0,
    rescheduleNoticeMinutes: null,
  },
  latePart: {
    ...DEFAULT_PRACTICE_POLICY,
    lateCancelWindowMinutes: 48 * 60,
    lateCancelRefundPercent: 50,
    patientMovesPerSession: 1,
  },
};

const pairs: [Locale, Locale][] = [
  ['en', 'en'],
  ['hi', 'hi'],
  ['en', 'hi'],
];

describe.each(pairs)('patient %s, psychologist %s', (patientLocale, psychologistLocale) => {
  beforeAll(() => speak(patientLocale, psychologistLocale));
  const snap = async (name: string, queue: () => Promise<unknown>) =>
    expect(await rendered(queue)).toMatchSnapshot(name);

  it('confirmation', async () => {
    for (const [name, policy] of Object.entries(policies)) {
      await snap(`confirmation ${name}`, () =>
        queueConfirmationEmails(
          database.db,
          { ...base, policy },
          { publicUrl: PUBLIC_URL, reminders: [24, 1], receipt: null },
        ),
      );
    }
    await snap('confirmation with link, receipt, zone, no reminders', () =>
      queueConfirmationEmails(
        database.db,
        {
          ...base,
          meetingLink: 'https://meet.example/abc?x=1&y=2',
          patientTimeZone: 'Europe/London',
        },
        {
          publicUrl: PUBLIC_URL,
          reminders: [],
          receipt: { id: 'RECEIPT', kind: 'receipt', number: 'SK/2029-30/000007' },
        },
      ),
    );
    await snap('confirmation one reminder, 20 minutes', () =>
      queueConfirmationEmails(
        database.db,
        { ...base, durationMinutes: 20, endsAt: new Date(START.getTime() + 20 * 60_000) },
        { publicUrl: PUBLIC_URL, reminders: [1], receipt: null },
      ),
    );
    await snap('no patient account', () =>
      queueConfirmationEmails(
        database.db,
        { ...base, patientId: null },
        { publicUrl: PUBLIC_URL, reminders: [24], receipt: null },
      ),
    );
  });

  it('meeting link', async () => {
    const linked = { ...base, meetingLink: 'https://meet.example/room' };
    await snap('link first', () =>
      queueMeetingLinkEmail(database.db, linked, { publicUrl: PUBLIC_URL, changed: false }),
    );
    await snap('link changed', () =>
      queueMeetingLinkEmail(database.db, linked, { publicUrl: PUBLIC_URL, changed: true }),
    );
    await snap('link none', () =>
      queueMeetingLinkEmail(database.db, base, { publicUrl: PUBLIC_URL, changed: true }),
    );
  });

  it('cancellation', async () => {
    const cases: [string, Partial<Booking>, number | null, number | undefined][] = [
      ['patient full', { canceledBy: 'patient' }, 90_000, undefined],
      ['patient part', { canceledBy: 'patient' }, 45_000, undefined],
      ['patient none', { canceledBy: 'patient' }, null, undefined],
      ['patient unpaid', { canceledBy: 'patient', paymentStatus: 'pending' }, null, undefined],
      ['patient free event', { canceledBy: 'patient', pricePaise: 0 }, null, undefined],
      ['psychologist full', { canceledBy: 'psychologist' }, 90_000, 10_000],
      ['psychologist none', { canceledBy: 'psychologist' }, null, undefined],
      ['psychologist part', { canceledBy: 'psychologist' }, 30_000, 10_000],
      [
        'psychologist unpaid',
        { canceledBy: 'psychologist', paymentStatus: 'pending' },
        null,
        10_000,
      ],
    ];
    for (const [name, overrides, refundPaise, penaltyPaise] of cases) {
      await snap(`cancel ${name}`, () =>
        queueCancellationEmails(
          database.db,
          { ...base, ...overrides, status: 'canceled' },
          {
            publicUrl: PUBLIC_URL,
            refundPaise,
            ...(penaltyPaise === undefined ? {} : { penaltyPaise }),
          },
        ),
      );
    }
  });

  it('reminder', async () => {
    const befores: [string, number][] = [
      ['minutes', 0.5 * HOUR],
      ['one minute', 60_000],
      ['hour', 1.5 * HOUR],
      ['today', 4 * HOUR],
      ['tomorrow', 20 * HOUR],
      ['weekday', 72 * HOUR],
    ];
    for (const [name, before] of befores) {
      await snap(`reminder ${name}`, () =>
        queueReminderEmail(database.db, base, {
          publicUrl: PUBLIC_URL,
          now: new Date(START.getTime() - before),
        }),
      );
    }
    await snap('reminder with link', () =>
      queueReminderEmail(
        database.db,
        { ...base, meetingLink: 'https://meet.example/room' },
        { publicUrl: PUBLIC_URL, now: new Date(START.getTime() - 2 * HOUR) },
      ),
    );
    expect(
      startsIn(START, new Date(START.getTime() - 30 * HOUR), 'Asia/Kolkata', patientLocale),
    ).toMatchSnapshot('startsIn');
  });

  it('moves', async () => {
    const from = new Date(START.getTime() - 24 * HOUR);
    const cases: [string, Parameters<typeof queueMoveEmails>[2]][] = [
      ['patient moved', { publicUrl: PUBLIC_URL, from, by: 'patient' }],
      [
        'patient longer',
        { publicUrl: PUBLIC_URL, from, by: 'patient', fromDurationMinutes: 20, paidPaise: 40_000 },
      ],
      [
        'patient shorter',
        { publicUrl: PUBLIC_URL, from, by: 'patient', fromDurationMinutes: 20, refundPaise: 1 },
      ],
      [
        'psychologist moved',
        { publicUrl: PUBLIC_URL, from, by: 'psychologist', decisionToken: 'DECIDE' },
      ],
      ['psychologist no token', { publicUrl: PUBLIC_URL, from, by: 'psychologist' }],
      [
        'psychologist resized',
        {
          publicUrl: PUBLIC_URL,
          from,
          by: 'psychologist',
          decisionToken: 'DECIDE',
          fromDurationMinutes: 20,
        },
      ],
    ];
    for (const [name, options] of cases) {
      await snap(`move ${name}`, () => queueMoveEmails(database.db, base, options));
    }
    await snap('move kept', () => queueMoveKeptEmail(database.db, base));
  });

  it('calendar files', async () => {
    const file = await sessionCalendarFile(database.db, base, PUBLIC_URL);
    expect(normalize(JSON.stringify(file, null, 2))).toMatchSnapshot('calendar file');
    expect(await sessionCalendarFile(database.db, { ...base, patientId: null }, PUBLIC_URL)).toBe(
      null,
    );
    for (const method of ['REQUEST', 'CANCEL', 'PUBLISH'] as const) {
      const invitation = sessionInvitation(
        base,
        {
          psychologistName: 'Dr. "Meera"\nRao',
          psychologistEmail: 'p@example.test',
          patientEmail: 'q@example.test',
        },
        PUBLIC_URL,
        patientLocale,
        method,
      );
      expect(normalize(JSON.stringify(invitation, null, 2))).toMatchSnapshot(
        `invitation ${method}`,
      );
    }
  });
});
