import { z } from 'zod';

/**
 * The request and answer shapes of moving a session (issue 18): a patient's new start, and the
 * patient's keep-or-cancel answer to a time the psychologist moved their session to. Apart from
 * policy.ts so that screens which never move a session do not build these schemas
 * (apps/web/vite.config.ts).
 */

/** PATCH /api/bookings/{id}/reschedule: the new start; the duration stays. */
export const RescheduleBody = z.object({
  start_time: z.iso.datetime({
    offset: true,
    error: 'Send the new start as a date and time, such as 2026-12-02T10:00:00+05:30',
  }),
});
export type RescheduleBody = z.infer<typeof RescheduleBody>;

/** The patient's answer to a time the psychologist moved their session to. */
export const MOVE_DECISIONS = ['keep', 'cancel'] as const;
export type MoveDecision = (typeof MOVE_DECISIONS)[number];

export const MoveDecisionBody = z.object({
  decision: z.enum(MOVE_DECISIONS, { error: 'Choose "keep" or "cancel"' }),
});
export type MoveDecisionBody = z.infer<typeof MoveDecisionBody>;

/** The emailed links' single-use token: 256 random bits, base64url. */
const MoveToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete. Open it again from the email.');

/** POST /api/move-decisions: the same answer from the emailed link, which carries its own token. */
export const EmailedMoveDecisionBody = MoveDecisionBody.extend({ token: MoveToken });
export type EmailedMoveDecisionBody = z.infer<typeof EmailedMoveDecisionBody>;

/** What a move decision did. */
export const MoveDecisionResult = z.object({
  booking_id: z.uuid(),
  decision: z.enum(MOVE_DECISIONS),
  /** The refund of a declined move (always the whole fee), or null. */
  refund_paise: z.number().int().nullable(),
});
export type MoveDecisionResult = z.infer<typeof MoveDecisionResult>;

/** GET /api/move-decisions/{token}: the session the emailed link is about. */
export const MoveTokenParams = z.object({ token: MoveToken });

/** What the emailed link's page shows before the patient answers (as the email itself says). */
export const MoveOfferPreview = z.object({
  booking_id: z.uuid(),
  title: z.string(),
  psychologist_name: z.string(),
  duration_minutes: z.number().int(),
  from_start: z.iso.datetime(),
  to_start: z.iso.datetime(),
});
export type MoveOfferPreview = z.infer<typeof MoveOfferPreview>;
