/**
 * The name of the check a value failed, as the server's validation answer (`details[].check`) and the
 * web's forms both say it, so each words a problem in its reader's language by the same name.
 *
 * A custom refinement names itself in zod's `params` (`.refine(fn, { message, params: { check:
 * 'gstinCheckCharacter' } })`), which tells apart two refinements on one field; a built-in check's
 * name comes from zod's issue code (`tooSmall`, `tooBig`, `format`, `choice`...). A refinement with no
 * name of its own is `custom`. Zod-free, so the browser's first load does not pay for it.
 */

/** What a check's name is read from: a zod issue, or a validation answer's detail rebuilt as one. */
export interface CheckedIssue {
  code: string;
  /** For `invalid_type`: the type zod expected (`int` for a whole number). */
  expected?: unknown;
  /** A custom refinement's params; `check` is its name. */
  params?: unknown;
}

/** The name a custom refinement gave itself in zod's `params`, if any. */
function ownName(params: unknown): string | null {
  if (typeof params !== 'object' || params === null || !('check' in params)) return null;
  return typeof params.check === 'string' && params.check !== '' ? params.check : null;
}

/** The failed check's name, or null for a kind of issue no form words by its own check. */
export function checkOf(issue: CheckedIssue): string | null {
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
      return ownName(issue.params) ?? 'custom';
    default:
      return null;
  }
}
