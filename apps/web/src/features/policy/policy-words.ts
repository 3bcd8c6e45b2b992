import {
  cancellationFacts,
  moveRefusalFacts,
  policyFacts,
  rescheduleFacts,
  type PatientMoveRefusal,
  type PolicyFact,
  type PracticePolicy,
} from '@sukoon/shared';
import type { Translate } from '../../i18n/i18n';
import { formatSessionStart } from '../../lib/dates';
import { noticeText } from './notice-words';

export { noticeText };

/**
 * A practice policy in the page's language (issue 22): the shared rules say which line applies and
 * its numbers (packages/shared/src/policy-terms.ts, policy-rules.ts), these word them with the page's
 * `t`, one catalogue message per sentence. The one place the app says a notice, a policy's summary,
 * a session's terms and why a move is refused; the server words the same facts in its own catalogue.
 */

function factText(t: Translate, fact: PolicyFact): string {
  switch (fact.line) {
    case 'bookAnyTime':
      return t('policy.summary.bookAnyTime');
    case 'bookAtLeast':
      return t('policy.summary.bookAtLeast', { notice: noticeText(t, fact.noticeMinutes) });
    case 'horizon':
      return t('policy.summary.horizon', { weeks: fact.weeks });
    case 'noMoves':
      return t('policy.summary.noMoves');
    case 'moves':
      return t('policy.summary.moves', {
        times: fact.times,
        notice: noticeText(t, fact.noticeMinutes),
      });
    case 'freeCancellation':
      return t('policy.summary.freeCancellation');
    case 'lateCancellation':
      return t('policy.summary.lateCancellation', {
        window: noticeText(t, fact.windowMinutes),
        percent: fact.percent,
      });
    case 'noShow':
      return t('policy.summary.noShow');
  }
}

/** The policy as a few plain lines, for the psychologist's profile and the patient's chooser. */
export function policySummaryLines(t: Translate, policy: PracticePolicy): string[] {
  return policyFacts(policy).map((fact) => factText(t, fact));
}

/** "Free cancellation until Wed 2 Dec 2026, 10:00 AM IST; after that 50 % is refunded." */
export function cancellationTermsText(
  t: Translate,
  startsAt: Date,
  policy: PracticePolicy,
  timeZone: string,
): string {
  const facts = cancellationFacts(startsAt, policy);
  switch (facts.kind) {
    case 'freeUntilStart':
      return t('policy.cancellation.freeUntilStart');
    case 'freeUntilThenNothing':
      return t('policy.cancellation.freeUntilThenNothing', {
        until: formatSessionStart(facts.until, timeZone),
      });
    case 'freeUntilThenPart':
      return t('policy.cancellation.freeUntilThenPart', {
        until: formatSessionStart(facts.until, timeZone),
        percent: facts.percent,
      });
  }
}

/** "You can move it up to 2 times, until Tue 1 Dec 2026, 10:00 AM IST." */
export function rescheduleTermsText(
  t: Translate,
  startsAt: Date,
  policy: PracticePolicy,
  timeZone: string,
): string {
  const facts = rescheduleFacts(startsAt, policy);
  if (facts.kind === 'none') return t('policy.reschedule.none');
  return t('policy.reschedule.until', {
    times: facts.times,
    deadline: formatSessionStart(facts.deadline, timeZone),
  });
}

/** What the patient reads when they may not move a session. */
export function moveRefusalText(
  t: Translate,
  refusal: PatientMoveRefusal,
  policy: PracticePolicy,
): string {
  const facts = moveRefusalFacts(refusal, policy);
  switch (facts.refusal) {
    case 'NOT_ALLOWED':
      return t('policy.refusal.notAllowed');
    case 'LIMIT_REACHED':
      return t('policy.refusal.limitReached', { times: facts.times });
    case 'TOO_LATE':
      return t('policy.refusal.tooLate', { notice: noticeText(t, facts.noticeMinutes) });
  }
}
