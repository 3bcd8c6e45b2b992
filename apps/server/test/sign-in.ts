import type { Role } from '@sukoon/shared';
import type { Database } from '../src/db/client';
import { createPatient, createPsychologist } from '../src/db/factories';
import { createSessionsService } from '../src/modules/auth/sessions-service';

/** A verified user of the role with a live bearer token, ready for `headers: as.headers`. */
export async function signedInAs(db: Database, role: Role) {
  const user = role === 'psychologist' ? await createPsychologist(db) : await createPatient(db);
  const { token } = await createSessionsService(db).issue(user.id);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
