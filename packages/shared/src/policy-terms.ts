import {
  formatNotice,
  freeCancellationUntil,
  rescheduleDeadline,
  rescheduleNoticeOf,
  type PatientMoveRefusal,
} from './policy-rules';
import type { PracticePolicy } from './policy';
import { formatSessionStart } from './time-format';

/**
 * A practice policy in words (issue 18): the terms shown before paying, the summary on a profile and
 * why a move is refused. Kept apart from policy.ts, which every screen loads with the slot rule, so
 * the web app can leave these sentences to the dialogs that show them (apps/web/vite.config.ts).
 */

/** What the patient reads when they may not move a session. */
export function patientMoveRefusalMessage(
  refusal: PatientMoveRefusal,
  policy: PracticePolicy,
): string {
  switch (refusal) {
    case 'NOT_ALLOWED':
      return 'Your psychologist does not let sessions be moved online. Cancel it, or ask them to move it.';
    case 'LIMIT_REACHED':
      return `This session has already been moved ${policy.patientMovesPerSession} time${policy.patientMovesPerSession === 1 ? '' : 's'}, as many as your psychologist allows. Cancel it, or ask them to move it.`;
    case 'TOO_LATE':
      return `Sessions can be moved until ${formatNotice(rescheduleNoticeOf(policy) ?? 0)} before they start. Cancel it, or ask your psychologist to move it.`;
  }
}

/**
 * The cancellation terms of one session, shown before paying and repeated in the confirmation email:
 * "Free cancellation until Tue 2 Dec, 10:00 AM; after that 50 % is refunded."
 */
export function cancellationTerms(
  startsAt: Date,
  policy: PracticePolicy,
  timeZone: string,
): string {
  const until = freeCancellationUntil(startsAt, policy);
  if (!until) return 'Free cancellation until the session starts.';
  const after =
    policy.lateCancelRefundPercent === 0
      ? 'after that nothing is refunded'
      : `after that ${policy.lateCancelRefundPercent}\u00a0% is refunded`;
  return `Free cancellation until ${formatSessionStart(until, timeZone)}; ${after}.`;
}

/** The reschedule terms of one session: "You can move it up to 2 times, until Mon 1 Dec, 10:00 AM." */
export function rescheduleTerms(startsAt: Date, policy: PracticePolicy, timeZone: string): string {
  const deadline = rescheduleDeadline(startsAt, policy);
  if (!deadline) return 'This psychologist does not let patients move sessions online.';
  const times = policy.patientMovesPerSession;
  return `You can move it ${times === 1 ? 'once' : `up to ${times} times`}, until ${formatSessionStart(deadline, timeZone)}.`;
}

/** The policy as a few plain lines, for the psychologist's profile and the patient's chooser. */
export function policySummary(policy: PracticePolicy): string[] {
  const lines = [
    policy.minNoticeMinutes === 0
      ? 'Book any time ahead'
      : `Book at least ${formatNotice(policy.minNoticeMinutes)} ahead`,
    `Book up to ${policy.horizonWeeks} week${policy.horizonWeeks === 1 ? '' : 's'} ahead`,
  ];
  const moveNotice = rescheduleNoticeOf(policy);
  if (moveNotice === null) {
    lines.push('Sessions cannot be moved online by patients');
  } else {
    lines.push(
      `Move a session up to ${policy.patientMovesPerSession} time${policy.patientMovesPerSession === 1 ? '' : 's'}, until ${formatNotice(moveNotice)} before it`,
    );
  }
  lines.push(
    policy.lateCancelWindowMinutes === 0 || policy.lateCancelRefundPercent === 100
      ? 'Free cancellation until the session starts'
      : `Free cancellation until ${formatNotice(policy.lateCancelWindowMinutes)} before; then ${policy.lateCancelRefundPercent}\u00a0% refunded`,
  );
  lines.push('No refund for a missed session');
  return lines;
}
