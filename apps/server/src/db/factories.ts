import { randomBytes } from 'node:crypto';
import type { Role } from '@sukoon/shared';
import { hashPassword } from '../modules/auth/passwords';
import type { Database } from './client';
import { psychologistProfiles, users } from './schema';

/** Builders for records, shared by the tests and the demo seed so both make data the same way. */

export interface CreateUserOptions {
  email?: string;
  username?: string;
  password?: string;
  verified?: boolean;
}

export interface CreatePsychologistOptions extends CreateUserOptions {
  displayName?: string;
  timeZone?: string;
  rate20Paise?: number;
  rate45Paise?: number;
}

export async function createUser(db: Database, role: Role, options: CreateUserOptions = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `${role}_${suffix}@example.test`,
      username: options.username ?? `${role}_${suffix}`,
      passwordHash: await hashPassword(options.password ?? 'correct-horse-battery'),
      role,
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  return user!;
}

export async function createPsychologist(db: Database, options: CreatePsychologistOptions = {}) {
  const user = await createUser(db, 'psychologist', options);
  const [profile] = await db
    .insert(psychologistProfiles)
    .values({
      userId: user.id,
      displayName: options.displayName ?? `Dr. ${user.username}`,
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      ...(options.rate20Paise ? { rate20Paise: options.rate20Paise } : {}),
      ...(options.rate45Paise ? { rate45Paise: options.rate45Paise } : {}),
    })
    .returning();
  return { ...user, profile: profile! };
}

export function createPatient(db: Database, options: CreateUserOptions = {}) {
  return createUser(db, 'patient', options);
}
