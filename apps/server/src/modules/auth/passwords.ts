import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * How many argon2 hashes run at once. The library hashes on libuv's worker threads (four by
 * default), off the event loop, but each is a core's worth of work: four at once on a two-core
 * machine leave the event loop and PostgreSQL a fraction of a core, and every other request
 * waits. Half the cores (at least one) hash; the rest keep serving. Sign-ins beyond that wait their
 * turn here, which is where a deliberately slow operation should wait (issue 19; see the bench's
 * "beside sign-ins" row).
 */
export const HASH_LANES = Math.max(1, Math.floor(availableParallelism() / 2));

let running = 0;
const waiting: (() => void)[] = [];

async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_LANES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // Hand the lane straight to the next in line, or give it back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** argon2id with the library's defaults (19 MiB, 2 passes): about 15 ms of one core a hash here. */
export function hashPassword(password: string): Promise<string> {
  return inLane(() => hash(password));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return inLane(() => verify(passwordHash, password)).catch(() => false);
}

/**
 * The ~49,000 most common passwords from zxcvbn-ts's maintained dictionary, lower-cased. Loaded once,
 * lazily, so the server starts without paying for it.
 */
let commonPasswords: Promise<Set<string>> | null = null;
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  );
  return commonPasswords;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
