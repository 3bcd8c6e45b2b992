import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): about 50 ms a hash on this class of machine. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
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
