import { z } from 'zod';

/**
 * A psychologist's practice policy (issue 18): how soon and how far ahead patients book, the break kept
 * after each session, until when and how often a patient may move a session, and what a late
 * cancellation refunds. One place for the settings, their limits and the rules that read them: the
 * server enforces them, the picker, the grid and the dialogs only show them.
 *
 * A booking keeps a copy of the policy it was booked under, so a later change never applies to it.
 * What the patient reads about a policy (terms, summary, refusals) is in policy-terms.ts.
 */

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

export const BREAK_MINUTES = [0, 5, 10, 15] as const;
export type BreakMinutes = (typeof BREAK_MINUTES)[number];
export const LATE_CANCEL_REFUND_PERCENTS = [0, 50, 100] as const;
export type LateCancelRefundPercent = (typeof LATE_CANCEL_REFUND_PERCENTS)[number];

export const POLICY_LIMITS = {
  minNoticeMinutesMax: 7 * MINUTES_PER_DAY,
  horizonWeeksMin: 1,
  horizonWeeksMax: 52,
  rescheduleNoticeMinutesMax: 7 * MINUTES_PER_DAY,
  patientMovesMax: 5,
  lateCancelWindowMinutesMax: 72 * MINUTES_PER_HOUR,
} as const;

function minutesSetting(max: number, what: string) {
  return z
    .number({ error: `Enter ${what} as a number of minutes` })
    .int(`Enter ${what} in whole minutes`)
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be negative`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} can be at most ${formatNotice(max)}`);
}

export const PracticePolicy = z.object({
  /** A patient books at least this long before the start (0: any future time). */
  minNoticeMinutes: minutesSetting(POLICY_LIMITS.minNoticeMinutesMax, 'the minimum notice'),
  /** A patient books at most this many weeks ahead. */
  horizonWeeks: z
    .number({ error: 'Enter the booking horizon in weeks' })
    .int('Enter the booking horizon in whole weeks')
    .min(POLICY_LIMITS.horizonWeeksMin, 'Patients must be able to book at least 1 week ahead')
    .max(POLICY_LIMITS.horizonWeeksMax, 'Patients can book at most 52 weeks ahead'),
  /** Free minutes kept after each session: a patient's session never starts inside them. */
  breakMinutes: z.union(
    BREAK_MINUTES.map((minutes) => z.literal(minutes)),
    { error: 'Choose a break of 0, 5, 10 or 15 minutes' },
  ),
  /** A patient may move a session until this long before its start; null: patients may not move. */
  rescheduleNoticeMinutes: minutesSetting(
    POLICY_LIMITS.rescheduleNoticeMinutesMax,
    'the reschedule notice',
  ).nullable(),
  /** How many times a patient may move one session. */
  patientMovesPerSession: z
    .number({ error: 'Enter how many times a patient may move a session' })
    .int('Enter a whole number of moves')
    .min(0, 'The number of moves cannot be negative')
    .max(POLICY_LIMITS.patientMovesMax, 'A patient may move one session at most 5 times'),
  /** A patient's cancellation this close to the start is late (0: never late). */
  lateCancelWindowMinutes: minutesSetting(
    POLICY_LIMITS.lateCancelWindowMinutesMax,
    'the late cancellation window',
  ),
  /** What a late cancellation by the patient refunds, in percent of the fee paid. */
  lateCancelRefundPercent: z.union(
    LATE_CANCEL_REFUND_PERCENTS.map((percent) => z.literal(percent)),
    { error: 'Choose a refund of 0 %, 50 % or 100 %' },
  ),
});
export type PracticePolicy = z.infer<typeof PracticePolicy>;

/**
 * The terms of a practice that has not chosen its own: book any future time up to 8 weeks ahead
 * (the product allowed 52 before policies), move a session twice until a day before, cancel free
 * until the start.
 */
export const DEFAULT_PRACTICE_POLICY: PracticePolicy = {
  minNoticeMinutes: 0,
  horizonWeeks: 8,
  breakMinutes: 0,
  rescheduleNoticeMinutes: 24 * MINUTES_PER_HOUR,
  patientMovesPerSession: 2,
  lateCancelWindowMinutes: 0,
  lateCancelRefundPercent: 100,
};

/** A stored policy as the rules read it: anything unreadable counts as the defaults. */
export function readPolicy(stored: unknown): PracticePolicy {
  const parsed = PracticePolicy.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_PRACTICE_POLICY;
}

/** "12 h", "2 days", "90 min", "1 day 6 h": a notice or window as a person says it. */
export function formatNotice(minutes: number): string {
  if (minutes < MINUTES_PER_HOUR) return `${minutes} min`;
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const hours = Math.floor((minutes % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const rest = minutes % MINUTES_PER_HOUR;
  if (days === 0) return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  const dayText = `${days} day${days === 1 ? '' : 's'}`;
  if (hours === 0 && rest === 0) return dayText;
  return rest === 0 ? `${dayText} ${hours} h` : `${dayText} ${hours} h ${rest} min`;
}

/** The part of a policy that decides which starts a patient may book. */
export type BookingPolicy = Pick<
  PracticePolicy,
  'minNoticeMinutes' | 'horizonWeeks' | 'breakMinutes'
>;

/** The earliest and latest start a patient may book at `now`, in milliseconds. */
export function bookingWindow(
  now: Date,
  policy: BookingPolicy,
): { earliest: number; latest: number } {
  return {
    earliest: now.getTime() + policy.minNoticeMinutes * 60_000,
    latest: now.getTime() + policy.horizonWeeks * 7 * MINUTES_PER_DAY * 60_000,
  };
}

/**
 * A psychologist moves a patient's session to at least a day ahead, on their own calendar (no
 * break, 52 weeks), so the patient has time to read the email and keep the time or decline it.
 */
export const PSYCHOLOGIST_MOVE_POLICY: BookingPolicy = {
  minNoticeMinutes: 24 * MINUTES_PER_HOUR,
  horizonWeeks: 52,
  breakMinutes: 0,
};

/** "Books 12 h ahead": why a time inside the minimum notice is not offered. */
export function noticeLabel(policy: BookingPolicy): string {
  return `Books ${formatNotice(policy.minNoticeMinutes)} ahead`;
}

/**
 * How long before its start a patient may last move a session (null: never): the policy's notice,
 * or its late cancellation window when that is longer and refunds less than all, so that moving a
 * session can never turn a late cancellation into a free one.
 */
export function rescheduleNoticeOf(policy: PracticePolicy): number | null {
  if (policy.rescheduleNoticeMinutes === null || policy.patientMovesPerSession === 0) return null;
  const lateWindow = policy.lateCancelRefundPercent < 100 ? policy.lateCancelWindowMinutes : 0;
  return Math.max(policy.rescheduleNoticeMinutes, lateWindow);
}

/** When a patient can no longer move a session (null: never movable, by this policy). */
export function rescheduleDeadline(startsAt: Date, policy: PracticePolicy): Date | null {
  const notice = rescheduleNoticeOf(policy);
  return notice === null ? null : new Date(startsAt.getTime() - notice * 60_000);
}

export type PatientMoveRefusal = 'NOT_ALLOWED' | 'TOO_LATE' | 'LIMIT_REACHED';

/** Why the patient may not move this session now, or null when they may. */
export function patientMoveRefusal(
  session: { startsAt: Date; patientMoves: number },
  policy: PracticePolicy,
  now: Date,
): PatientMoveRefusal | null {
  const deadline = rescheduleDeadline(session.startsAt, policy);
  if (!deadline) return 'NOT_ALLOWED';
  if (session.patientMoves >= policy.patientMovesPerSession) return 'LIMIT_REACHED';
  if (now.getTime() >= deadline.getTime()) return 'TOO_LATE';
  return null;
}

/** Until when the patient cancels with a full refund; null when every cancellation is free. */
export function freeCancellationUntil(startsAt: Date, policy: PracticePolicy): Date | null {
  if (policy.lateCancelWindowMinutes === 0 || policy.lateCancelRefundPercent === 100) return null;
  return new Date(startsAt.getTime() - policy.lateCancelWindowMinutes * 60_000);
}

/**
 * What a patient's own cancellation at `now` refunds of `paidPaise`: all of it before the late window,
 * the policy's share inside it (rounded down to whole paise). A psychologist's cancellation, or the
 * patient declining a time the psychologist moved the session to, always refunds in full.
 */
export function patientCancellationRefund(
  paidPaise: number,
  startsAt: Date,
  policy: PracticePolicy,
  now: Date,
): { refundPaise: number; late: boolean } {
  const until = freeCancellationUntil(startsAt, policy);
  const late = until !== null && now.getTime() >= until.getTime();
  const refundPaise = late
    ? Math.floor((paidPaise * policy.lateCancelRefundPercent) / 100)
    : paidPaise;
  return { refundPaise, late };
}
