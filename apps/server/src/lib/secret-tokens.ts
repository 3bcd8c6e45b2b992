import { hash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets: session tokens, emailed sign-in and move links, calendar feed addresses. Each is
 * 256 bits of randomness as unpadded base64url (43 characters), shown once to its holder; only its
 * SHA-256 is stored, so a database read gives nothing that can be used as the secret.
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored and looked up in place of a secret token. Runs on every signed-in request: the
 * one-shot `hash` costs a third of a createHash chain.
 */
export function hashSecretToken(token: string): string {
  return hash('sha256', token, 'hex');
}
