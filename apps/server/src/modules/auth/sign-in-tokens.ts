import type { Database } from '../../db/client';
import { createSignInTokensRepository } from './sign-in-tokens-repository';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { createUsersRepository } from './users-repository';

/**
 * A day: enough to use a "book your next session" link from the email it came in, while a link
 * forwarded or left in a shared mailbox soon stops signing anyone in.
 */
export const SIGN_IN_TOKEN_DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Issues a single-use sign-in token for a patient, to put in a link sent to that patient alone
 * (`/?token=…&psychologistId=…`). Call it inside the transaction that queues the email. Issuing one
 * revokes the patient's earlier links, so only the newest email can sign them in.
 */
export async function issueSignInToken(
  db: Database,
  patientId: string,
  options: { ttlMs?: number; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const user = await createUsersRepository(db).findById(patientId);
  if (user?.role !== 'patient') throw new Error('sign-in links are issued to patients only');
  const token = newSecretToken();
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (options.ttlMs ?? SIGN_IN_TOKEN_DEFAULT_TTL_MS));
  const tokens = createSignInTokensRepository(db);
  await tokens.revokeAllForUser(patientId, now);
  await tokens.create({
    userId: patientId,
    tokenHash: hashSecretToken(token),
    expiresAt,
  });
  return { token, expiresAt };
}
