/**
 * A demo practice with seven months of history, for looking at the Practice page (and its
 * screenshots) with realistic data: `DATABASE_URL=postgres://… npx tsx apps/server/bench/practice-demo.ts`
 * migrates that database, makes the demo identities and gives the demo psychologist a dozen
 * patients and five sessions a day from seven months ago to three days ago (the demo seed has the last days). Then start the app on
 * the same DATABASE_URL and sign in as the demo psychologist.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { createPatient } from '../src/db/factories';
import { DEMO_PSYCHOLOGIST, ensureDemoData } from '../src/db/seed';
import { users } from '../src/db/schema';
import { seedPracticeHistory } from './practice-history';

const NAMES = [
  'Ananya Iyer',
  'Rohan Mehta',
  'Priya Nair',
  'Kabir Singh',
  'Meera Krishnan',
  'Arjun Reddy',
  'Sneha Kulkarni',
  'Vikram Joshi',
  'Fatima Sheikh',
  'Aditya Rao',
  'Neha Gupta',
  'Tenzin Dorje',
];
const DAY = 86_400_000;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to fill.');
const database = await openDatabase({ kind: 'postgres', url });
try {
  await database.migrate();
  const { db } = database;
  await ensureDemoData(db);
  const [psychologist] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_PSYCHOLOGIST.email}`);
  const patients = await Promise.all(
    NAMES.map((username) => createPatient(db, { username, password: 'sukoon-demo-2026' })),
  );
  const today = new Date(Math.floor(Date.now() / DAY) * DAY);
  const from = new Date(today.getTime() - 214 * DAY);
  await seedPracticeHistory(db, {
    psychologistId: psychologist!.id,
    patientIds: patients.map((patient) => patient.id),
    // Midnight IST of that day: the first session of a day is at 8 AM, later on some days.
    from: new Date(from.getTime() - 330 * 60_000),
    count: 5 * 211,
    perDay: 5,
    drift: 90,
  });
  console.info(`Seeded ${5 * 211} sessions for ${DEMO_PSYCHOLOGIST.email}.`);
} finally {
  await database.close();
}
