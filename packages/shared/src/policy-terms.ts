import {
  freeCancellationUntil,
  rescheduleDeadline,
  rescheduleNoticeOf,
  type PatientMoveRefusal,
} from './policy-rules';
import type { PracticePolicy } from './policy';

/**
 * A practice policy as the facts its words are made of (issue 18, issue 22): the terms shown before
 * paying, the summary on a profile and why a move is refused. Which line applies and its numbers are
 * rules, so they are here, once; the words are the reader's language's: the web app says them with
 * the page's `t` (apps/web/src/features/policy/policy-words.ts), the server with the email's or the
 * error's (the bookings module's emails/paragraphs.ts, i18n/error-messages.ts). Notices are minutes:
 * `noticeParts` splits them.
 * Kept apart from policy.ts, which every screen loads with the slot rule (apps/web/vite.config.ts).
 */

/** Why the patient may not move a session, with what the sentence needs. */
export type MoveRefusalFacts =
  | { refusal: 'NOT_ALLOWED' }
  | { refusal: 'LIMIT_REACHED'; times: number }
  | { refusal: 'TOO_LATE'; noticeMinutes: number };

export function moveRefusalFacts(
  refusal: PatientMoveRefusal,
  policy: PracticePolicy,
): MoveRefusalFacts {
  switch (refusal) {
    case 'NOT_ALLOWED':
      return { refusal };
    case 'LIMIT_REACHED':
      return { refusal, times: policy.patientMovesPerSession };
    case 'TOO_LATE':
      return { refusal, noticeMinutes: rescheduleNoticeOf(policy) ?? 0 };
  }
}

/**
 * The cancellation terms of one session: free until it starts; or free until a time, after which
 * nothing or a part is refunded.
 */
export type CancellationFacts =
  | { kind: 'freeUntilStart' }
  | { kind: 'freeUntilThenNothing'; until: Date }
  | { kind: 'freeUntilThenPart'; until: Date; percent: number };

export function cancellationFacts(startsAt: Date, policy: PracticePolicy): CancellationFacts {
  const until = freeCancellationUntil(startsAt, policy);
  if (!until) return { kind: 'freeUntilStart' };
  return policy.lateCancelRefundPercent === 0
    ? { kind: 'freeUntilThenNothing', until }
    : { kind: 'freeUntilThenPart', until, percent: policy.lateCancelRefundPercent };
}

/** The reschedule terms of one session: never online, or so many times until a deadline. */
export type RescheduleFacts = { kind: 'none' } | { kind: 'until'; times: number; deadline: Date };

export function rescheduleFacts(startsAt: Date, policy: PracticePolicy): RescheduleFacts {
  const deadline = rescheduleDeadline(startsAt, policy);
  return deadline
    ? { kind: 'until', times: policy.patientMovesPerSession, deadline }
    : { kind: 'none' };
}

/** One line of a policy's summary, with its numbers (notices in minutes). */
export type PolicyFact =
  | { line: 'bookAnyTime' }
  | { line: 'bookAtLeast'; noticeMinutes: number }
  | { line: 'horizon'; weeks: number }
  | { line: 'noMoves' }
  | { line: 'moves'; times: number; noticeMinutes: number }
  | { line: 'freeCancellation' }
  | { line: 'lateCancellation'; windowMinutes: number; percent: number }
  | { line: 'noShow' };

/** The policy as a few plain lines, for the psychologist's profile and the patient's chooser. */
export function policyFacts(policy: PracticePolicy): PolicyFact[] {
  const moveNotice = rescheduleNoticeOf(policy);
  return [
    policy.minNoticeMinutes === 0
      ? { line: 'bookAnyTime' }
      : { line: 'bookAtLeast', noticeMinutes: policy.minNoticeMinutes },
    { line: 'horizon', weeks: policy.horizonWeeks },
    moveNotice === null
      ? { line: 'noMoves' }
      : { line: 'moves', times: policy.patientMovesPerSession, noticeMinutes: moveNotice },
    policy.lateCancelWindowMinutes === 0 || policy.lateCancelRefundPercent === 100
      ? { line: 'freeCancellation' }
      : {
          line: 'lateCancellation',
          windowMinutes: policy.lateCancelWindowMinutes,
          percent: policy.lateCancelRefundPercent,
        },
    { line: 'noShow' },
  ];
}
