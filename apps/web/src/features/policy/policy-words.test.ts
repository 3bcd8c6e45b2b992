import fc from 'fast-check';
import IntlMessageFormat from 'intl-messageformat';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BREAK_MINUTES,
  DEFAULT_PRACTICE_POLICY,
  formatNotice,
  formatSessionStart,
  freeCancellationUntil,
  LATE_CANCEL_REFUND_PERCENTS,
  rescheduleDeadline,
  rescheduleNoticeOf,
  type PatientMoveRefusal,
  type PracticePolicy,
} from '@sukoon/shared';
import hi from '../../i18n/hi.json';
import { englishT, type Translate } from '../../i18n/i18n';
import { setPageLocale } from '../../i18n/locale';
import {
  cancellationTermsText,
  moveRefusalText,
  noticeText,
  policySummaryLines,
  rescheduleTermsText,
} from './policy-words';

/*
 * The English the shared rules wrote before issue 22 moved the words to the catalogue, kept here as
 * it was: the app's English must stay byte-identical (the journeys select by it).
 */
const before = {
  refusal(refusal: PatientMoveRefusal, policy: PracticePolicy): string {
    switch (refusal) {
      case 'NOT_ALLOWED':
        return 'Your psychologist does not let sessions be moved online. Cancel it, or ask them to move it.';
      case 'LIMIT_REACHED':
        return `This session has already been moved ${policy.patientMovesPerSession} time${policy.patientMovesPerSession === 1 ? '' : 's'}, as many as your psychologist allows. Cancel it, or ask them to move it.`;
      case 'TOO_LATE':
        return `Sessions can be moved until ${formatNotice(rescheduleNoticeOf(policy) ?? 0)} before they start. Cancel it, or ask your psychologist to move it.`;
    }
  },
  cancellation(startsAt: Date, policy: PracticePolicy, timeZone: string): string {
    const until = freeCancellationUntil(startsAt, policy);
    if (!until) return 'Free cancellation until the session starts.';
    const after =
      policy.lateCancelRefundPercent === 0
        ? 'after that nothing is refunded'
        : `after that ${policy.lateCancelRefundPercent}\u00a0% is refunded`;
    return `Free cancellation until ${formatSessionStart(until, timeZone)}; ${after}.`;
  },
  reschedule(startsAt: Date, policy: PracticePolicy, timeZone: string): string {
    const deadline = rescheduleDeadline(startsAt, policy);
    if (!deadline) return 'This psychologist does not let patients move sessions online.';
    const times = policy.patientMovesPerSession;
    return `You can move it ${times === 1 ? 'once' : `up to ${times} times`}, until ${formatSessionStart(deadline, timeZone)}.`;
  },
  summary(policy: PracticePolicy): string[] {
    const lines = [
      policy.minNoticeMinutes === 0
        ? 'Book any time before the start'
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
  },
};

const policyArbitrary = fc.record({
  minNoticeMinutes: fc.integer({ min: 0, max: 7 * 24 * 60 }),
  horizonWeeks: fc.integer({ min: 1, max: 52 }),
  breakMinutes: fc.constantFrom(...BREAK_MINUTES),
  rescheduleNoticeMinutes: fc.option(fc.integer({ min: 0, max: 7 * 24 * 60 }), { nil: null }),
  patientMovesPerSession: fc.integer({ min: 0, max: 5 }),
  lateCancelWindowMinutes: fc.integer({ min: 0, max: 72 * 60 }),
  lateCancelRefundPercent: fc.constantFrom(...LATE_CANCEL_REFUND_PERCENTS),
});
const ZONES = ['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Asia/Kathmandu'];
const startArbitrary = fc
  .integer({ min: 0, max: 400 * 24 * 60 })
  .map((minutes) => new Date(Date.UTC(2026, 10, 25) + minutes * 60_000));
const REFUSALS: PatientMoveRefusal[] = ['NOT_ALLOWED', 'LIMIT_REACHED', 'TOO_LATE'];

const hindiT: Translate = (key, values) =>
  String(new IntlMessageFormat((hi as Record<string, string>)[key]!, 'hi').format(values));

afterEach(() => setPageLocale('en'));

describe('a policy in words, English as before (issue 22)', () => {
  it('says every notice as formatNotice does', () => {
    for (let minutes = 0; minutes <= 8 * 24 * 60; minutes += 5) {
      expect(noticeText(englishT, minutes)).toBe(formatNotice(minutes));
    }
  });

  it('says the summary, the terms and the refusals byte for byte as the shared rules did', () => {
    fc.assert(
      fc.property(
        policyArbitrary,
        startArbitrary,
        fc.constantFrom(...ZONES),
        (policy, start, zone) => {
          expect(policySummaryLines(englishT, policy)).toEqual(before.summary(policy));
          expect(cancellationTermsText(englishT, start, policy, zone)).toBe(
            before.cancellation(start, policy, zone),
          );
          expect(rescheduleTermsText(englishT, start, policy, zone)).toBe(
            before.reschedule(start, policy, zone),
          );
          for (const refusal of REFUSALS) {
            expect(moveRefusalText(englishT, refusal, policy)).toBe(
              before.refusal(refusal, policy),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the sentences the journeys read', () => {
    const start = new Date('2026-12-03T04:30:00.000Z'); // Thu 3 Dec, 10:00 AM in India
    const late = { ...DEFAULT_PRACTICE_POLICY, lateCancelWindowMinutes: 24 * 60 };
    expect(
      cancellationTermsText(
        englishT,
        start,
        { ...late, lateCancelRefundPercent: 50 },
        'Asia/Kolkata',
      ),
    ).toBe(
      'Free cancellation until Wed 2 Dec 2026, 10:00 AM IST; after that 50\u00a0% is refunded.',
    );
    expect(rescheduleTermsText(englishT, start, DEFAULT_PRACTICE_POLICY, 'Asia/Kolkata')).toBe(
      'You can move it up to 2 times, until Wed 2 Dec 2026, 10:00 AM IST.',
    );
    expect(policySummaryLines(englishT, DEFAULT_PRACTICE_POLICY)).toEqual([
      'Book any time before the start',
      'Book up to 8 weeks ahead',
      'Move a session up to 2 times, until 1 day before it',
      'Free cancellation until the session starts',
      'No refund for a missed session',
    ]);
  });
});

describe('a policy in words, in Hindi', () => {
  it('says notices, the summary, the terms and refusals in Hindi, dates too', () => {
    setPageLocale('hi');
    const start = new Date('2026-12-03T04:30:00.000Z');
    const policy: PracticePolicy = {
      ...DEFAULT_PRACTICE_POLICY,
      minNoticeMinutes: 12 * 60,
      lateCancelWindowMinutes: 24 * 60 + 30,
      lateCancelRefundPercent: 50,
      patientMovesPerSession: 1,
    };
    expect(noticeText(hindiT, 12 * 60)).toBe('12 घंटे');
    expect(noticeText(hindiT, 24 * 60 + 30)).toBe('1 दिन 0 घंटे 30 मिनट');
    const lines = policySummaryLines(hindiT, policy);
    expect(lines[0]).toBe('कम से कम 12 घंटे पहले बुक करें');
    expect(lines[2]).toBe('सेशन शुरू होने से 1 दिन 0 घंटे 30 मिनट पहले तक उसे एक बार आगे-पीछे करें');
    const terms = [
      ...lines,
      cancellationTermsText(hindiT, start, policy, 'Asia/Kolkata'),
      rescheduleTermsText(hindiT, start, policy, 'Asia/Kolkata'),
      ...REFUSALS.map((refusal) => moveRefusalText(hindiT, refusal, policy)),
    ];
    for (const text of terms) {
      expect(text).toMatch(/[\u0900-\u097F]/);
      expect(text).not.toMatch(/\b(Book|Free|Move|until|day|Wed|Dec|AM)\b/);
    }
    expect(cancellationTermsText(hindiT, start, policy, 'Asia/Kolkata')).toContain('IST');
  });
});
