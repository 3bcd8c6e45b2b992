import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { createPatient, createPsychologist } from './factories';
import { users } from './schema';

/** The demo identities of the embedded default; the README lists them and the server prints them. */
export const DEMO_PSYCHOLOGIST = {
  email: 'demo.psychologist@sukoon.test',
  username: 'demo_psychologist',
  password: 'sukoon-demo-2026',
  displayName: 'Dr. Asha Rao',
};
export const DEMO_PATIENT = {
  email: 'demo.patient@sukoon.test',
  username: 'demo_patient',
  password: 'sukoon-demo-2026',
};

/** Creates the demo identities once; safe to call at every start. */
export async function ensureDemoData(db: Database): Promise<void> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) in (${DEMO_PSYCHOLOGIST.email}, ${DEMO_PATIENT.email})`);
  const have = new Set(existing.map((row) => row.email));
  if (!have.has(DEMO_PSYCHOLOGIST.email)) await createPsychologist(db, DEMO_PSYCHOLOGIST);
  if (!have.has(DEMO_PATIENT.email)) await createPatient(db, DEMO_PATIENT);
}
