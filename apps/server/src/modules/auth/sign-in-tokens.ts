import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { createSignInTokensRepository } from './sign-in-tokens-repository';
import { hashToken } from './sessions-service';
import { createUsersRepository } from './users-repository';

/** Long enough to use a "book your next session" link from a reminder, short enough to age out. */
export const SIGN_IN_TOKEN_DEFAULT_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * Issues a single-use sign-in token for a patient, to put in a link sent to that patient alone
 * (`/?token=…&psychologistId=…`). Call it inside the transaction that queues the email.
 */
export async function issueSignInToken(
  db: Database,
  patientId: string,
  options: { ttlMs?: number; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const user = await createUsersRepository(db).findById(patientId);
  if (user?.role !== 'patient') throw new Error('sign-in links are issued to patients only');
  const token = randomBytes(32).toString('base64url');
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (options.ttlMs ?? SIGN_IN_TOKEN_DEFAULT_TTL_MS));
  await createSignInTokensRepository(db).create({
    userId: patientId,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return { token, expiresAt };
}
