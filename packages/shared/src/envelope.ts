import { z } from 'zod';

/** Every response is `{ success, data, error }`: data on success, error (with a stable code) on failure. */
export const ApiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /**
   * A validation answer's problems, one a field: where (`body.policy.horizonWeeks`), the schema's
   * English message, the check that failed as zod names it (`code`: `too_small`, `custom`...; for
   * `invalid_type` the type it `expected`), and the check's own name (`check`, as `checkOf` in
   * checks.ts gives it: `tooBig`, `format`, or a refinement's name such as `gstinCheckCharacter`).
   * A client words a problem in its reader's language by `check` alone: it tells apart a field's two
   * refinements, which `code` (`custom` for both) cannot, and it does not change when the English does.
   */
  details: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        code: z.string().optional(),
        expected: z.string().optional(),
        check: z.string().optional(),
      }),
    )
    .optional(),
  /**
   * The request body field the error is about, named as the body names it (`password`,
   * `psychologist_code`), so a form can show the message next to that field. Absent when the error
   * is about no one field. Added later: older clients ignore it.
   */
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, error: z.null() });
}

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  data: z.null(),
  error: ApiErrorBody,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
