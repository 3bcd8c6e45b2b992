import {
  isSettingValue,
  mapPolicyFields,
  POLICY_FIELDS,
  POLICY_KEYS,
  type PolicyFields,
  type PolicyValues,
} from './policy-fields';

export * from './policy-fields';

/**
 * A psychologist's practice policy: how soon and how far ahead patients book, the break kept
 * after each session, until when and how often a patient may move a session, and what a late
 * cancellation refunds. The settings, their limits and defaults are one table (policy-fields.ts);
 * the rules that read them are here: the server enforces them, the picker, the grid and the dialogs
 * only show them.
 *
 * A booking keeps a copy of the policy it was booked under, so a later change never applies to it.
 * What the patient reads about a policy (terms, summary, refusals) is told by policy-terms.ts as
 * facts, which the web app and the server word in the reader's language.
 */

// The rules without the schema: zod-free, so the first load can use them (decision 0017). The
// schema, PracticePolicy, is in policy.ts, which re-exports all of this.

type PracticePolicy = PolicyValues;

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

// Made by pure calls from the table, so a first load that reads none of them carries none.
const choicesOf = <K extends 'breakMinutes' | 'lateCancelRefundPercent'>(
  key: K,
): PolicyFields[K]['choices'] => POLICY_FIELDS[key].choices;
export const BREAK_MINUTES = /* @__PURE__ */ choicesOf('breakMinutes');
export type BreakMinutes = (typeof BREAK_MINUTES)[number];
export const LATE_CANCEL_REFUND_PERCENTS = /* @__PURE__ */ choicesOf('lateCancelRefundPercent');
export type LateCancelRefundPercent = (typeof LATE_CANCEL_REFUND_PERCENTS)[number];

function limits() {
  return {
    minNoticeMinutesMax: POLICY_FIELDS.minNoticeMinutes.max,
    horizonWeeksMin: POLICY_FIELDS.horizonWeeks.min,
    horizonWeeksMax: POLICY_FIELDS.horizonWeeks.max,
    rescheduleNoticeMinutesMax: POLICY_FIELDS.rescheduleNoticeMinutes.max,
    patientMovesMax: POLICY_FIELDS.patientMovesPerSession.max,
    lateCancelWindowMinutesMax: POLICY_FIELDS.lateCancelWindowMinutes.max,
  } as const;
}
export const POLICY_LIMITS = /* @__PURE__ */ limits();

/**
 * The terms of a practice that has not chosen its own: book any future time up to 8 weeks ahead,
 * move a session twice until a day before, cancel free until the start (the table's defaults).
 */
export const DEFAULT_PRACTICE_POLICY = mapPolicyFields(
  (_key, field) => field.default,
) as PracticePolicy;

/** A stored policy as the rules read it: anything unreadable counts as the defaults. */
export function readPolicy(stored: unknown): PracticePolicy {
  return isPracticePolicy(stored) ? pickPolicy(stored) : DEFAULT_PRACTICE_POLICY;
}

/**
 * PracticePolicy's rule (policy.ts) without zod, for readPolicy: it runs on the patient's first
 * load, which carries no zod (decision 0017). Both are made from the same table, and
 * policy-fields.test.ts checks they agree.
 */
export function isPracticePolicy(value: unknown): value is PracticePolicy {
  if (typeof value !== 'object' || value === null) return false;
  const policy = value as Record<string, unknown>;
  return POLICY_KEYS.every((key) => isSettingValue(POLICY_FIELDS[key], policy[key]));
}

/** The policy's own fields, as PracticePolicy's parse keeps them (it drops any others). */
function pickPolicy(policy: PracticePolicy): PracticePolicy {
  return mapPolicyFields((key) => policy[key]) as PracticePolicy;
}

/**
 * The parts a notice or window is said in ("12 h", "2 days", "90 min", "1 day 6 h", "1 day 0 h 30
 * min"): under an hour in minutes; then hours (and minutes), or days and what is left. `shape` names
 * which parts are said, so every language words the same amount the same way (the web's
 * features/policy/policy-words.ts, the server's i18n/error-messages.ts).
 */
export type NoticeShape =
  'minutes' | 'hours' | 'hoursMinutes' | 'days' | 'daysHours' | 'daysHoursMinutes';
export interface NoticeParts {
  shape: NoticeShape;
  days: number;
  hours: number;
  minutes: number;
}

export function noticeParts(total: number): NoticeParts {
  const days = Math.floor(total / MINUTES_PER_DAY);
  const hours = Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const minutes = total % MINUTES_PER_HOUR;
  const shape: NoticeShape =
    total < MINUTES_PER_HOUR
      ? 'minutes'
      : days === 0
        ? minutes === 0
          ? 'hours'
          : 'hoursMinutes'
        : hours === 0 && minutes === 0
          ? 'days'
          : minutes === 0
            ? 'daysHours'
            : 'daysHoursMinutes';
  return shape === 'minutes'
    ? { shape, days: 0, hours: 0, minutes: total }
    : { shape, days, hours, minutes };
}

/**
 * A notice in English, for the schema's and the slot rule's own messages (policy.ts, calendar.ts),
 * which the server words again in the reader's language. Screens word notices with their `t`.
 */
export function formatNotice(total: number): string {
  const { shape, days, hours, minutes } = noticeParts(total);
  const dayText = `${days} day${days === 1 ? '' : 's'}`;
  switch (shape) {
    case 'minutes':
      return `${minutes} min`;
    case 'hours':
      return `${hours} h`;
    case 'hoursMinutes':
      return `${hours} h ${minutes} min`;
    case 'days':
      return dayText;
    case 'daysHours':
      return `${dayText} ${hours} h`;
    case 'daysHoursMinutes':
      return `${dayText} ${hours} h ${minutes} min`;
  }
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

/** "Books 12 h ahead", in English, for the slot rule's own message (calendar.ts); screens word it. */
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
