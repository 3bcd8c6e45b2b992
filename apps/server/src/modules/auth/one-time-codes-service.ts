import { randomInt } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MINUTES,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from './passwords';
import { createOneTimeCodesRepository, type OtpPurpose } from './one-time-codes-repository';

export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Seconds until another code may be sent, or 0 when one may be sent now. */
export async function resendWaitSeconds(
  db: Database,
  userId: string,
  purpose: OtpPurpose,
  now: Date,
): Promise<number> {
  const latest = await createOneTimeCodesRepository(db).latest(userId, purpose);
  if (!latest) return 0;
  const elapsedMs = now.getTime() - latest.createdAt.getTime();
  return Math.max(0, Math.ceil((OTP_RESEND_COOLDOWN_SECONDS * 1000 - elapsedMs) / 1000));
}

/** Issues a fresh code (retiring older ones) and returns it in clear for the email. */
export async function issueOtp(
  db: Database,
  userId: string,
  purpose: OtpPurpose,
  now: Date,
): Promise<string> {
  const codes = createOneTimeCodesRepository(db);
  const code = generateOtp();
  await codes.retireAll(userId, purpose, now);
  await codes.create({
    userId,
    purpose,
    codeHash: await hashPassword(code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
  });
  return code;
}

/**
 * Checks a submitted code: each try counts (at most OTP_MAX_ATTEMPTS per code, after which even the
 * right code is refused), an expired code answers 410, a right code is consumed once.
 */
export async function checkOtp(
  db: Database,
  userId: string,
  purpose: OtpPurpose,
  submitted: string,
  now: Date,
): Promise<void> {
  const codes = createOneTimeCodesRepository(db);
  const live = await codes.takeAttempt(userId, purpose, OTP_MAX_ATTEMPTS);
  if (!live) {
    if (await codes.hasLiveCode(userId, purpose)) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
    throw new AppError('OTP_INVALID');
  }
  if (live.expiresAt <= now) throw new AppError('OTP_EXPIRED');
  if (!(await verifyPassword(live.codeHash, submitted))) throw new AppError('OTP_INVALID');
  if (!(await codes.consume(live.id, now))) throw new AppError('OTP_INVALID');
}
