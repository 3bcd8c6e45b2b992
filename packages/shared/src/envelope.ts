import { z } from 'zod';

/** Every response is `{ success, data, error }`: data on success, error (with a stable code) on failure. */
export const ApiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /**
   * A validation answer's problems, one a field: where (`body.policy.horizonWeeks`), the schema's
   * English message, and the check that failed as zod names it (`code`: `too_small`, `custom`...; for
   * `invalid_type` the type it `expected`), so a client can word it in its reader's language.
   */
  details: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        code: z.string().optional(),
        expected: z.string().optional(),
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
