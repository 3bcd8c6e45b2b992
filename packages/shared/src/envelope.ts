import { z } from 'zod';

/** Every response is `{ success, data, error }`: data on success, error (with a stable code) on failure. */
export const ApiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
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
