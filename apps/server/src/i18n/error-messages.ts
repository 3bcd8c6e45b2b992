import {
  BOOKING_HORIZON_WEEKS,
  moveRefusalFacts,
  noticeParts,
  type BookingPolicy,
  type PatientMoveRefusal,
  type PracticePolicy,
  type SlotProblem,
} from '@sukoon/shared';
import type { Message } from './translate';

/**
 * The words of the domain errors that say more than their code's catalogue message (issue 22), as
 * messages of the server's catalogue, so the error handler gives them in the reader's language. Their
 * English is what the shared rules say where they still say it (`slotProblemMessage`, `formatNotice`)
 * and what the app says (a move's refusal); error-messages.test.ts keeps them the same.
 */

/**
 * "12 h", "2 days", "90 min", "1 day 6 h": a notice or window, in the parts the shared rule splits
 * it into (`noticeParts`, whose English `formatNotice` also writes).
 */
export function noticeMessage(total: number): Message {
  const { shape, days, hours, minutes } = noticeParts(total);
  switch (shape) {
    case 'minutes':
      return { key: 'notice.minutes', values: { minutes } };
    case 'hours':
      return { key: 'notice.hours', values: { hours } };
    case 'hoursMinutes':
      return { key: 'notice.hoursMinutes', values: { hours, minutes } };
    case 'days':
      return { key: 'notice.days', values: { days } };
    case 'daysHours':
      return { key: 'notice.daysHours', values: { days, hours } };
    case 'daysHoursMinutes':
      return { key: 'notice.daysHoursMinutes', values: { days, hours, minutes } };
  }
}

/** Why a slot cannot be booked, as `slotProblemMessage` says it (with the policy when one applies). */
export function slotProblemText(problem: SlotProblem, policy?: BookingPolicy): Message {
  if (policy && problem === 'TOO_SOON') {
    return {
      key: 'error.slot.tooSoonNotice',
      values: { notice: noticeMessage(policy.minNoticeMinutes) },
    };
  }
  if (policy && problem === 'TOO_FAR_AHEAD') {
    return { key: 'error.slot.tooFarAhead', values: { weeks: policy.horizonWeeks } };
  }
  if (policy && problem === 'NO_BREAK') {
    return { key: 'error.slot.noBreakMinutes', values: { minutes: policy.breakMinutes } };
  }
  switch (problem) {
    case 'NOT_WHOLE_MINUTE':
      return { key: 'error.slot.notWholeMinute' };
    case 'OUTSIDE_HOURS':
      return { key: 'error.slot.outsideHours' };
    case 'PAST':
      return { key: 'error.slot.past' };
    case 'TOO_FAR_AHEAD':
      return { key: 'error.slot.tooFarAhead', values: { weeks: BOOKING_HORIZON_WEEKS } };
    case 'TOO_SOON':
      return { key: 'error.slot.tooSoon' };
    case 'DAY_OFF':
      return { key: 'error.slot.dayOff' };
    case 'DAY_PART_UNAVAILABLE':
      return { key: 'error.slot.dayPartUnavailable' };
    case 'BLOCKED':
      return { key: 'error.slot.blocked' };
    case 'OVERLAP':
      return { key: 'error.slot.overlap' };
    case 'NO_BREAK':
      return { key: 'error.slot.noBreak' };
  }
}

/** Why the patient may not move a session, from the shared rule's facts (`moveRefusalFacts`). */
export function moveRefusalText(refusal: PatientMoveRefusal, policy: PracticePolicy): Message {
  const facts = moveRefusalFacts(refusal, policy);
  switch (facts.refusal) {
    case 'NOT_ALLOWED':
      return { key: 'error.move.notAllowed' };
    case 'LIMIT_REACHED':
      return { key: 'error.move.limitReached', values: { times: facts.times } };
    case 'TOO_LATE':
      return { key: 'error.move.tooLate', values: { notice: noticeMessage(facts.noticeMinutes) } };
  }
}
