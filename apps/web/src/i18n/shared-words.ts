import {
  checkOf,
  DISPLAY_NAME_MAX_LENGTH,
  DISPLAY_NAME_MIN_LENGTH,
  type ApiErrorBody,
  type CheckedIssue,
  type Specialization,
} from '@sukoon/shared';
import type { PrimitiveType } from 'intl-messageformat';
import type { MessageKey } from './catalogue';
import type { Translate } from './i18n';

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
  return problemText(t, fullNameProblems(t), { code });
}

/** A form field's objection as the catalogue words it: the message's key and its values. */
export interface Problem {
  key: MessageKey;
  values?: Record<string, PrimitiveType>;
}

/** What the forms read of a zod issue: its code, `expected` for a wrong type, a refinement's params. */
export type Issue = CheckedIssue;

/**
 * A field's problems by the name of the check that failed (`checkOf` in the shared checks.ts: a
 * built-in check's `tooSmall`, `format`..., a refinement's own name such as `addressLines`), and its
 * general message: a problem the form has no words of its own for.
 */
export interface Problems {
  general: Problem;
  [check: string]: Problem | undefined;
}

/** A problem by its check's name, else the field's general one. */
function wording(t: Translate, problems: Problems, check: string | null | undefined): string {
  const problem = (check ? problems[check] : undefined) ?? problems.general;
  return t(problem.key, problem.values);
}

/** A schema's objection to a field in the page's language: by the check that failed, never its English. */
export function problemText(t: Translate, problems: Problems, issue: Issue): string {
  return wording(t, problems, checkOf(issue));
}

/** A field's problems, their values (a notice, "7 days") worded by the given translator. */
export type ProblemsOf = (t: Translate) => Problems;

/** A server's objection to a field: a validation answer's `details` entry; `check` names the check. */
export type ServerProblem = Partial<NonNullable<ApiErrorBody['details']>[number]>;

/**
 * A server's objection to a field in the page's language, worded as the form's own check words it:
 * by the check's name the server sends (the same names, from the same schemas), else the field's
 * general message (an answer with no name, or one no check of the form knows).
 */
export function serverProblemText(
  t: Translate,
  problemsOf: ProblemsOf,
  detail: ServerProblem = {},
): string {
  return wording(t, problemsOf(t), detail.check);
}

/** The full name's problems: the form's own check (fullNameProblem) and a server's objection. */
export const fullNameProblems: ProblemsOf = () => ({
  tooSmall: { key: 'auth.problem.fullNameTooShort', values: { min: DISPLAY_NAME_MIN_LENGTH } },
  tooBig: { key: 'auth.problem.fullNameTooLong', values: { max: DISPLAY_NAME_MAX_LENGTH } },
  nameCharacters: { key: 'auth.problem.fullNameCharacters' },
  general: { key: 'auth.problem.fullNameCharacters' },
});
