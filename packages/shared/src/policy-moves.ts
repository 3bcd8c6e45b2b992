import { z } from 'zod';
import { CalendarEvent } from './availability';
import { SESSION_DURATIONS } from './constants';
import { CheckoutParams } from './payments';

/**
 * The request and answer shapes of moving a session (issue 18): a patient's new start, and the
 * patient's keep-or-cancel answer to a time the psychologist moved their session to. Apart from
 * policy.ts so that screens which never move a session do not build these schemas
 * (apps/web/vite.config.ts).
 */

/**
 * PATCH /api/bookings/{id}/reschedule: the new start and, to change the session's length, the new
 * duration (the same length when absent). A longer session is paid for first (RescheduleData).
 */
export const RescheduleBody = z.object({
  start_time: z.iso.datetime({
    offset: true,
    error: 'Send the new start as a date and time, such as 2026-12-02T10:00:00+05:30',
  }),
  duration_minutes: z
    .union(
      SESSION_DURATIONS.map((duration) => z.literal(duration)),
      { error: 'Duration must be 20 or 45 minutes' },
    )
    .optional(),
});
export type RescheduleBody = z.infer<typeof RescheduleBody>;

/**
 * What a reschedule did: the session moved (and, for a shorter one, the difference is being
 * refunded), or a longer one waits for the difference to be paid; its new time is kept meanwhile
 * until `expires_at`, and the change is made when the server has verified that payment.
 */
export const RescheduleData = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('moved'),
    event: CalendarEvent,
    /** Paise refunded because the session became shorter; null when no money moved. */
    refund_paise: z.number().int().positive().nullable(),
  }),
  z.object({
    outcome: z.literal('payment_required'),
    booking_id: z.uuid(),
    /** Paise: the difference between the longer and the shorter fee it was booked at. */
    amount: z.number().int().positive(),
    currency: z.string(),
    order_id: z.string(),
    expires_at: z.iso.datetime(),
    checkout: CheckoutParams,
  }),
]);
export type RescheduleData = z.infer<typeof RescheduleData>;

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
