import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import { createCodesRepository } from './codes-repository';

/** No 0/O, 1/l/I: codes are read off paper and typed by hand, and they are case-sensitive. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** 12 symbols of 56: about 70 bits, far beyond guessing through a rate-limited endpoint. */
export function generateInstitutionCode(): string {
  return Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** "30d", "12h", "2w", "90m" to milliseconds; null when not understood. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,5})([mhdw])$/.exec(text.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  return amount > 0 ? amount * UNIT_MS[match[2] as keyof typeof UNIT_MS] : null;
}

export function createCodesService(db: Database, clock: () => Date = () => new Date()) {
  const codes = createCodesRepository(db);
  return {
    async issue(options: { institution: string; count: number; expiresInMs: number }) {
      const expiresAt = new Date(clock().getTime() + options.expiresInMs);
      const rows = Array.from({ length: options.count }, () => ({
        code: generateInstitutionCode(),
        institution: options.institution,
        expiresAt,
      }));
      return codes.insertMany(rows);
    },

    /** Ensures one known code exists (SEED_INSTITUTION_CODE, for development and journeys). */
    async seed(code: string) {
      const year = 365 * UNIT_MS.d;
      await codes.insertMany([
        {
          code,
          institution: 'Sukoon Demo Institute',
          expiresAt: new Date(clock().getTime() + year),
        },
      ]);
    },

    list: () => codes.list(),

    async check(code: string) {
      const row = await codes.findUsable(code, clock());
      return { valid: row !== undefined, institution: row?.institution ?? null };
    },
  };
}
