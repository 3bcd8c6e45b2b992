import { z } from 'zod';

/**
 * The audit log: who did what to a booking, and sign-ins. Shared so the server writes and the
 * psychologist's History list reads the same actions.
 */
export const AUDIT_ACTIONS = [
  'booking.created',
  'booking.paid',
  'booking.meeting_link_set',
  'booking.attendance_marked',
  'booking.rescheduled',
  'booking.move_kept',
  'booking.move_declined',
  'booking.canceled',
  'booking.refunded',
  'booking.penalty_refunded',
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.signed_out',
  'auth.signed_out_everywhere',
  'auth.password_reset',
  'account.data_exported',
  'account.name_flagged',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEvent = z.object({
  id: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  occurredAt: z.iso.datetime(),
  /** Who did it: the patient, the psychologist, or the system (a worker, the payment provider). */
  actor: z.enum(['patient', 'psychologist', 'system']),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEvent = z.infer<typeof AuditEvent>;
