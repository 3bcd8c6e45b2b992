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
 * names stored before names were checked: forbidden characters removed, then normalised.
 */
export function nameForHeaders(name: string): string {
  return normalizeName(name.replace(NOT_IN_A_NAME_ALL, ' '));
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
        .refine(
          (name) => !hasForbiddenNameCharacter(name),
          `${label} can hold letters, marks, digits, spaces and . , ' - ( ) &, not < > " \` \\ { } [ ] | or invisible characters`,
        ),
    );
}

/** A psychologist's display name, in any script (Devanagari, Tamil, Urdu...), with D'Souza and "Dr. A. K." */
export const DisplayName = personName('Display name');

/**
 * The same, as the registration and profile forms ask for it: the psychologist's full name, which is
 * the name patients see (issue 17 §2).
 */
export const FullName = personName('Full name');
