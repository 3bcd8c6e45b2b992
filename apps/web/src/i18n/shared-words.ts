import {
  DISPLAY_NAME_MAX_LENGTH,
  DISPLAY_NAME_MIN_LENGTH,
  type Specialization,
} from '@sukoon/shared';
import type { PrimitiveType } from 'intl-messageformat';
import type { MessageKey } from './catalogue';
import { englishT, type Translate } from './i18n';

/** Each specialization's name: registration, the profile, and the patient's chooser show them. */
export const SPECIALIZATION_NAMES: Record<Specialization, MessageKey> = {
  clinical: 'auth.specialization.clinical',
  counseling: 'auth.specialization.counseling',
  cognitive: 'auth.specialization.cognitive',
  child: 'auth.specialization.child',
  family: 'auth.specialization.family',
  addiction: 'auth.specialization.addiction',
  trauma: 'auth.specialization.trauma',
  other: 'auth.specialization.other',
};

/** The shared schema's objection to a full name (its zod issue code), worded from the catalogue. */
export function fullNameProblem(t: Translate, code: string): string {
  if (code === 'too_small')
    return t('auth.problem.fullNameTooShort', { min: DISPLAY_NAME_MIN_LENGTH });
  if (code === 'too_big')
    return t('auth.problem.fullNameTooLong', { max: DISPLAY_NAME_MAX_LENGTH });
  return t('auth.problem.fullNameCharacters');
}

/** A form field's objection as the catalogue words it: the message's key and its values. */
export interface Problem {
  key: MessageKey;
  values?: Record<string, PrimitiveType>;
}

/** What the forms read of a zod issue: its code, and for `invalid_type` the type it expected. */
export interface Issue {
  code: string;
  expected?: string;
}

/** Which of a field's checks failed, by zod's issue code. */
export type Check = 'type' | 'whole' | 'tooSmall' | 'tooBig' | 'format' | 'choice' | 'custom';

/**
 * A field's problems by the check that failed (zod's kind of check, or a name of the form's own where
 * one field has two checks of a kind), and its general message: a problem the form cannot tell
 * apart, or a server's objection no check of the form words.
 */
export interface Problems {
  general: Problem;
  [check: string]: Problem | undefined;
}

export function checkOf(issue: Issue): Check | null {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'whole' : 'type';
    case 'too_small':
      return 'tooSmall';
    case 'too_big':
      return 'tooBig';
    case 'invalid_format':
      return 'format';
    case 'invalid_value':
    case 'invalid_union':
      return 'choice';
    case 'custom':
      return 'custom';
    default:
      return null;
  }
}

/** A schema's objection to a field in the page's language: by the check that failed, never its English. */
export function problemText(
  t: Translate,
  problems: Problems,
  issue: Issue,
  check: string | null = checkOf(issue),
): string {
  const problem = (check === null ? undefined : problems[check]) ?? problems.general;
  return t(problem.key, problem.values);
}

/** A field's problems, their values (a notice, "7 days") worded by the given translator. */
export type ProblemsOf = (t: Translate) => Problems;

/** A server's objection to a field: a validation answer's `details` entry (message, zod's code). */
export interface ServerProblem {
  message?: string;
  code?: string;
  expected?: string;
}

/**
 * A server's objection to a field in the page's language, read as the form's own check would word
 * it: the check whose English is the schema's message (which tells apart a field's two checks of one
 * kind), else the check of zod's `code` (so a reworded schema message still reads right), else the
 * field's general message.
 */
export function serverProblemText(
  t: Translate,
  problemsOf: ProblemsOf,
  detail: ServerProblem = {},
): string {
  const english = problemsOf(englishT);
  const byMessage = Object.keys(english).find((name) => {
    const problem = english[name];
    return problem !== undefined && englishT(problem.key, problem.values) === detail.message;
  });
  const check =
    byMessage ??
    (detail.code === undefined
      ? null
      : checkOf({ code: detail.code, ...(detail.expected ? { expected: detail.expected } : {}) }));
  const problems = problemsOf(t);
  const problem = (check === null ? undefined : problems[check]) ?? problems.general;
  return t(problem.key, problem.values);
}

/** The full name's problems (as fullNameProblem words them), for a server's objection. */
export const fullNameProblems: ProblemsOf = () => ({
  tooSmall: { key: 'auth.problem.fullNameTooShort', values: { min: DISPLAY_NAME_MIN_LENGTH } },
  tooBig: { key: 'auth.problem.fullNameTooLong', values: { max: DISPLAY_NAME_MAX_LENGTH } },
  general: { key: 'auth.problem.fullNameCharacters' },
});
