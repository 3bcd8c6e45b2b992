import { z } from 'zod';
import {
  BREAK_MINUTES,
  formatNotice,
  LATE_CANCEL_REFUND_PERCENTS,
  POLICY_LIMITS,
  type PracticePolicy as PracticePolicyFields,
} from './policy-rules';
import type { Expect, SameType } from './type-checks';

export * from './policy-rules';

/** A practice policy's schema; its rules are in policy-rules.ts (zod-free, decision 0017). */

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
/** policy-rules.ts's type, which the schema above reads exactly. */
export type PracticePolicy = PracticePolicyFields;
type _SchemaReadsPracticePolicy = Expect<SameType<z.output<typeof PracticePolicy>, PracticePolicy>>;
