import { z } from 'zod';

/**
 * Characters that are never part of a person's name, whatever the script: control characters (CR, LF,
 * tab, C0 and C1), bidirectional overrides and isolates (they reorder what is shown), invisible
 * zero-width spaces and joiners other than ZWJ/ZWNJ (Indic scripts need those two), and the characters
 * of markup and of quoting in emails and calendar invitations.
 */
const NOT_IN_A_NAME = /[\p{Cc}\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069<>"`\\{}[\]|]/u;
const NOT_IN_A_NAME_ALL = new RegExp(NOT_IN_A_NAME.source, 'gu');

export const DISPLAY_NAME_MIN_LENGTH = 2;
export const DISPLAY_NAME_MAX_LENGTH = 80;

/**
 * One spelling of a name: Unicode NFC, runs of spaces made one, nothing around it. Line breaks and
 * tabs are left in, for the name's check to refuse.
 */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\p{Zs}+/gu, ' ')
    .trim();
}

/** Whether a (normalised) name holds a character no name has. */
export function hasForbiddenNameCharacter(name: string): boolean {
  return NOT_IN_A_NAME.test(name);
}

/**
 * A name safe where it is quoted or placed in a header (an invitation's CN, a mail's From name), for
 * names stored before names were checked: normalised (NFC) first, since that can make a forbidden
 * character (U+1FEF GREEK VARIA becomes a backtick), then forbidden characters removed.
 */
export function nameForHeaders(name: string): string {
  return normalizeName(name.normalize('NFC').replace(NOT_IN_A_NAME_ALL, ' '));
}

function personName(label: string) {
  return z
    .string()
    .transform(normalizeName)
    .pipe(
      z
        .string()
        .min(
          DISPLAY_NAME_MIN_LENGTH,
          `${label} needs at least ${DISPLAY_NAME_MIN_LENGTH} characters`,
        )
        .max(
          DISPLAY_NAME_MAX_LENGTH,
          `${label} can be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
        )
        .refine((name) => !hasForbiddenNameCharacter(name), {
          message: `${label} can hold letters, marks, digits, spaces and . , ' - ( ) &, not < > " \` \\ { } [ ] | or invisible characters`,
          params: { check: 'nameCharacters' },
        }),
    );
}

/** A psychologist's display name, in any script (Devanagari, Tamil, Urdu...), with D'Souza and "Dr. A. K." */
export const DisplayName = personName('Display name');

/**
 * The same, as the registration and profile forms ask for it: the psychologist's full name, which is
 * the name patients see (issue 17 §2).
 */
export const FullName = personName('Full name');

/** Titles people put before a name; "Dr. Asha Rao" and "Asha Rao" are the same person's name. */
const TITLES = new Set([
  'dr',
  'doctor',
  'prof',
  'professor',
  'mr',
  'mrs',
  'ms',
  'miss',
  'shri',
  'smt',
  'sri',
]);

/**
 * A name as it reads, for comparing two names: compatibility-normalised (full-width and ligature
 * forms folded), lower case, accents and punctuation dropped, titles removed, single spaces. Letters
 * of every script are kept; the vowel signs of Indic scripts (marks) are kept too, since they change
 * the name.
 */
export function nameLikenessKey(name: string): string {
  const latinBase = name
    .normalize('NFKD')
    // Accents on Latin letters only: Indic marks are part of the spelling.
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFKC')
    .toLowerCase();
  return latinBase
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '' && !TITLES.has(word))
    .join(' ');
}

/** Edits (insert, delete, substitute, swap of neighbours) between two strings, by code point. */
function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[x.length]![y.length]!;
}

/**
 * Whether a psychologist's name is close enough to another's that a patient could take one for the
 * other: the same once titles, case, accents, spacing and punctuation are set aside, the same words in
 * another order, or one typo apart (two in a long name). Such a name is not refused (two people can
 * share a name) but flagged for an operator to review.
 */
export function namesTooClose(a: string, b: string): boolean {
  const keyA = nameLikenessKey(a);
  const keyB = nameLikenessKey(b);
  if (keyA === '' || keyB === '') return false;
  if (keyA === keyB) return true;
  const sorted = (key: string) => key.split(' ').sort().join(' ');
  if (sorted(keyA) === sorted(keyB)) return true;
  const shorter = Math.min([...keyA].length, [...keyB].length);
  if (shorter < 6) return false;
  return editDistance(keyA, keyB) <= (shorter >= 12 ? 2 : 1);
}
