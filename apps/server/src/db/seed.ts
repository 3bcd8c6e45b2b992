import { sql } from 'drizzle-orm';
import {
  DEFAULT_PRACTICE_POLICY,
  DEFAULT_TIME_ZONE,
  addIsoDays,
  localDateOf,
  zonedInstant,
} from '@sukoon/shared';
import { issueReceipt } from '../modules/receipts/receipts-service';
import type { Database } from './client';
import { createPaidBooking, createPatient, createPsychologist } from './factories';
import { users } from './schema';

/**
 * The demo identities of the embedded default; docs/accounts-and-privacy.md lists them and the server
 * prints them.
 */
export const DEMO_PSYCHOLOGIST = {
  email: 'demo.psychologist@sukoon.test',
  username: 'demo_psychologist',
  password: 'sukoon-demo-2026',
  displayName: 'Dr. Asha Rao',
  // A complete profile, so the demo shows what patients choose by (issue 17 §2).
  specializations: ['clinical', 'cognitive'],
  languages: ['English', 'Hindi', 'Kannada'],
  bio:
    'Clinical psychologist in Bengaluru. I work with anxiety, low mood and stress at work, mostly ' +
    'with cognitive behavioural therapy, at a pace that suits you.',
  yearsOfPractice: 9,
  registrationNumber: 'CRR A12345',
  // The demo practice books half a year ahead (the journeys use weeks 1 to 12 of its calendar, each
  // its own, so they never collide); every other setting is the default.
  policy: { ...DEFAULT_PRACTICE_POLICY, horizonWeeks: 26 },
};
export const DEMO_PATIENT = {
  email: 'demo.patient@sukoon.test',
  username: 'demo_patient',
  password: 'sukoon-demo-2026',
};

/** Creates the demo identities (and, on a fresh database, their past sessions) once; safe at every start. */
export async function ensureDemoData(db: Database): Promise<void> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) in (${DEMO_PSYCHOLOGIST.email}, ${DEMO_PATIENT.email})`);
  const have = new Set(existing.map((row) => row.email));
  if (have.has(DEMO_PSYCHOLOGIST.email) || have.has(DEMO_PATIENT.email)) {
    if (!have.has(DEMO_PSYCHOLOGIST.email)) await createPsychologist(db, DEMO_PSYCHOLOGIST);
    if (!have.has(DEMO_PATIENT.email)) await createPatient(db, DEMO_PATIENT);
    return;
  }
  // A fresh database: the two identities and a little history, so the psychologist's attendance
  // panels have past sessions to mark.
  const psychologist = await createPsychologist(db, DEMO_PSYCHOLOGIST);
  const patient = await createPatient(db, DEMO_PATIENT);
  const today = localDateOf(new Date(), DEFAULT_TIME_ZONE);
  const at = (daysAgo: number, minute: number) =>
    zonedInstant(addIsoDays(today, -daysAgo), minute, DEFAULT_TIME_ZONE);
  const session = { psychologistId: psychologist.id, patientId: patient.id };
  // Paid as a verified checkout leaves them: with the receipt the patient can download.
  const paidSession = (
    options: Omit<Parameters<typeof createPaidBooking>[1], keyof typeof session>,
  ) =>
    db.transaction(async (tx) => {
      const { booking, order, paymentId } = await createPaidBooking(tx, { ...session, ...options });
      await issueReceipt(
        tx,
        order,
        { id: paymentId, amountPaise: booking.pricePaise, method: 'upi' },
        booking.createdAt,
      );
    });
  await paidSession({
    startsAt: at(2, 10 * 60),
    title: 'Exam anxiety',
    description: 'Racing thoughts before exams',
    attendanceStatus: 'attended',
    attendanceNotes: 'Practised box breathing. Follow up on sleep next time.',
  });
  await paidSession({
    startsAt: at(1, 11 * 60),
    durationMinutes: 20,
    title: 'Sleep check-in',
    description: 'Waking up at 4 AM most nights',
  });
  await paidSession({
    startsAt: at(1, 17 * 60 + 30),
    title: 'Work stress',
    description: 'Deadlines and a difficult manager',
  });
}
