import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  localDateOf,
  slotProblem,
  zonedInstant,
  type AvailabilityFacts,
} from './calendar';
import { bookedFeePaise, lengthChangePaise } from './session-length';
import { daysOfTimes } from './free-times';
import {
  BREAK_MINUTES,
  DEFAULT_PRACTICE_POLICY,
  LATE_CANCEL_REFUND_PERCENTS,
  PracticePolicy,
  formatNotice,
  freeCancellationUntil,
  noticeParts,
  patientCancellationRefund,
  patientMoveRefusal,
  readPolicy,
  rescheduleDeadline,
  rescheduleNoticeOf,
} from './policy';
import { cancellationFacts, moveRefusalFacts, policyFacts, rescheduleFacts } from './policy-terms';

const IST = 'Asia/Kolkata';
const MINUTE = 60_000;
const NOW = new Date('2026-11-25T04:30:00.000Z'); // Wed 25 Nov, 10:00 AM in India
const TODAY = localDateOf(NOW, IST);

const noFacts: AvailabilityFacts = {
  timeZone: IST,
  daysOff: [],
  unavailableDayParts: [],
  blockedSlots: [],
  busy: [],
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

describe('practice policy', () => {
  it('the defaults are valid and keep the earlier behaviour, and anything unreadable reads as them', () => {
    expect(PracticePolicy.parse(DEFAULT_PRACTICE_POLICY)).toEqual(DEFAULT_PRACTICE_POLICY);
    expect(readPolicy(null)).toEqual(DEFAULT_PRACTICE_POLICY);
    expect(readPolicy({ minNoticeMinutes: -5 })).toEqual(DEFAULT_PRACTICE_POLICY);
    // Free cancellation until the start: a cancellation a minute before refunds everything.
    const start = new Date(NOW.getTime() + MINUTE);
    expect(patientCancellationRefund(90_000, start, DEFAULT_PRACTICE_POLICY, NOW)).toEqual({
      refundPaise: 90_000,
      late: false,
    });
  });

  it('refuses settings out of range with a message a person can act on', () => {
    const result = PracticePolicy.safeParse({ ...DEFAULT_PRACTICE_POLICY, breakMinutes: 7 });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('Choose a break of 0, 5, 10 or 15 minutes');
    const notice = PracticePolicy.safeParse({
      ...DEFAULT_PRACTICE_POLICY,
      minNoticeMinutes: 10_081,
    });
    expect(notice.error!.issues[0]!.message).toBe('The minimum notice can be at most 7 days');
  });

  it('minimum notice: a start one minute inside it is refused, one minute outside is offered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 * 24 * 60 }), (notice) => {
        const policy = { ...DEFAULT_PRACTICE_POLICY, minNoticeMinutes: notice, horizonWeeks: 52 };
        const edge = NOW.getTime() + notice * MINUTE;
        const ask = (ms: number) =>
          slotProblem({
            start: new Date(ms),
            durationMinutes: 20,
            now: NOW,
            facts: noFacts,
            policy,
          });
        const inside = ask(edge - MINUTE);
        const outside = ask(edge + MINUTE);
        if (inside !== 'OUTSIDE_HOURS' && inside !== 'PAST') expect(inside).toBe('TOO_SOON');
        if (outside !== 'OUTSIDE_HOURS') expect(outside).toBeNull();
      }),
    );
  });

  it('horizon: the minute at its end is offered, the next is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 52 }), (weeks) => {
        const policy = { ...DEFAULT_PRACTICE_POLICY, horizonWeeks: weeks };
        // 10:00 AM in India, so both minutes are inside working hours.
        const edge = NOW.getTime() + weeks * 7 * 24 * 60 * MINUTE;
        const ask = (ms: number) =>
          slotProblem({
            start: new Date(ms),
            durationMinutes: 20,
            now: NOW,
            facts: noFacts,
            policy,
          });
        expect(ask(edge)).toBeNull();
        expect(ask(edge + MINUTE)).toBe('TOO_FAR_AHEAD');
      }),
    );
  });

  it('break: a session may start exactly when the break after another ends, not a minute sooner, on either side', () => {
    fc.assert(
      fc.property(fc.constantFrom(5, 10, 15), fc.constantFrom(20, 45), (breakMinutes, length) => {
        const policy = { ...DEFAULT_PRACTICE_POLICY, breakMinutes: breakMinutes };
        const busyStart = zonedInstant(addIsoDays(TODAY, 1), 14 * 60, IST).getTime();
        const busyEnd = busyStart + 45 * MINUTE;
        const facts = {
          ...noFacts,
          busy: [
            { start: new Date(busyStart).toISOString(), end: new Date(busyEnd).toISOString() },
          ],
        };
        const ask = (ms: number) =>
          slotProblem({ start: new Date(ms), durationMinutes: length, now: NOW, facts, policy });
        const after = busyEnd + breakMinutes * MINUTE;
        expect(ask(after)).toBeNull();
        expect(ask(after - MINUTE)).toBe('NO_BREAK');
        // Before it: the new session's own break must end by the busy start.
        const before = busyStart - (length + breakMinutes) * MINUTE;
        expect(ask(before)).toBeNull();
        expect(ask(before + MINUTE)).toBe('NO_BREAK');
      }),
    );
  });

  it('the picker offers exactly the starts the rule accepts under any policy', () => {
    fc.assert(
      fc.property(policyArbitrary, fc.constantFrom(20, 45), (policy, duration) => {
        const days = daysOfTimes(TODAY, 10, {
          durationMinutes: duration,
          now: NOW,
          facts: noFacts,
          policy,
        });
        for (const day of days) {
          for (const start of day.starts) {
            expect(
              slotProblem({ start, durationMinutes: duration, now: NOW, facts: noFacts, policy }),
            ).toBeNull();
          }
        }
        // Nothing is offered inside the notice.
        const earliest = NOW.getTime() + policy.minNoticeMinutes * MINUTE;
        expect(
          days.flatMap((day) => day.starts).every((start) => start.getTime() >= earliest),
        ).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('late cancellation: a minute before the window refunds in full, inside it the policy’s share', () => {
    fc.assert(
      fc.property(policyArbitrary, fc.integer({ min: 100, max: 10_000_000 }), (policy, paid) => {
        const start = new Date(NOW.getTime() + 4 * 24 * 60 * MINUTE);
        const windowStart = start.getTime() - policy.lateCancelWindowMinutes * MINUTE;
        const before = patientCancellationRefund(
          paid,
          start,
          policy,
          new Date(windowStart - MINUTE),
        );
        expect(before).toEqual({ refundPaise: paid, late: false });
        const inside = patientCancellationRefund(paid, start, policy, new Date(windowStart));
        const late = policy.lateCancelWindowMinutes > 0 && policy.lateCancelRefundPercent < 100;
        expect(inside.late).toBe(late);
        expect(inside.refundPaise).toBe(
          late ? Math.floor((paid * policy.lateCancelRefundPercent) / 100) : paid,
        );
        expect(inside.refundPaise).toBeLessThanOrEqual(paid);
      }),
    );
  });

  it('patient moves: until the deadline, at most the allowed number of times', () => {
    const start = new Date(NOW.getTime() + 48 * 60 * MINUTE);
    const policy = { ...DEFAULT_PRACTICE_POLICY, rescheduleNoticeMinutes: 24 * 60 };
    const deadline = new Date(start.getTime() - 24 * 60 * MINUTE);
    expect(
      patientMoveRefusal(
        { startsAt: start, patientMoves: 0 },
        policy,
        new Date(deadline.getTime() - MINUTE),
      ),
    ).toBeNull();
    expect(patientMoveRefusal({ startsAt: start, patientMoves: 0 }, policy, deadline)).toBe(
      'TOO_LATE',
    );
    expect(patientMoveRefusal({ startsAt: start, patientMoves: 2 }, policy, NOW)).toBe(
      'LIMIT_REACHED',
    );
    expect(
      patientMoveRefusal(
        { startsAt: start, patientMoves: 0 },
        { ...policy, rescheduleNoticeMinutes: null },
        NOW,
      ),
    ).toBe('NOT_ALLOWED');
  });

  it('a session cannot be moved out of its late cancellation window: moving ends when that window starts', () => {
    fc.assert(
      fc.property(policyArbitrary, (policy) => {
        const start = new Date(NOW.getTime() + 5 * 24 * 60 * MINUTE);
        const lateFrom = freeCancellationUntil(start, policy);
        if (!lateFrom) return;
        // Whenever a cancellation would be late, a move is refused (so it cannot reset the window).
        expect(
          patientMoveRefusal({ startsAt: start, patientMoves: 0 }, policy, lateFrom),
        ).not.toBeNull();
      }),
    );
  });

  it('tells the terms as facts, for each language to word', () => {
    const start = new Date('2026-12-03T04:30:00.000Z'); // Thu 3 Dec, 10:00 AM in India
    const late = { ...DEFAULT_PRACTICE_POLICY, lateCancelWindowMinutes: 24 * 60 };
    expect(cancellationFacts(start, { ...late, lateCancelRefundPercent: 50 })).toEqual({
      kind: 'freeUntilThenPart',
      until: new Date('2026-12-02T04:30:00.000Z'),
      percent: 50,
    });
    expect(cancellationFacts(start, { ...late, lateCancelRefundPercent: 0 }).kind).toBe(
      'freeUntilThenNothing',
    );
    expect(cancellationFacts(start, DEFAULT_PRACTICE_POLICY)).toEqual({ kind: 'freeUntilStart' });
    expect(rescheduleFacts(start, DEFAULT_PRACTICE_POLICY)).toEqual({
      kind: 'until',
      times: 2,
      deadline: new Date('2026-12-02T04:30:00.000Z'),
    });
    expect(policyFacts(DEFAULT_PRACTICE_POLICY)).toEqual([
      { line: 'bookAnyTime' },
      { line: 'horizon', weeks: 8 },
      { line: 'moves', times: 2, noticeMinutes: 24 * 60 },
      { line: 'freeCancellation' },
      { line: 'noShow' },
    ]);
    expect(noticeParts(90)).toEqual({ shape: 'hoursMinutes', days: 0, hours: 1, minutes: 30 });
    expect(noticeParts(24 * 60 + 30)).toEqual({
      shape: 'daysHoursMinutes',
      days: 1,
      hours: 0,
      minutes: 30,
    });
    expect(formatNotice(90)).toBe('1 h 30 min');
    expect(formatNotice(2 * 24 * 60)).toBe('2 days');
    expect(formatNotice(12 * 60)).toBe('12 h');
  });

  it('splits a notice into parts that add up to it, saying only the parts that count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 * 24 * 60 }), (total) => {
        const { shape, days, hours, minutes } = noticeParts(total);
        expect(days * 24 * 60 + hours * 60 + minutes).toBe(total);
        expect(hours).toBeLessThan(24);
        expect(minutes).toBeLessThan(60);
        expect(shape.startsWith('days')).toBe(days > 0);
        expect(shape === 'minutes').toBe(total < 60);
        // Minutes are said whenever there are some; hours whenever they are not the only zero.
        expect(shape === 'minutes' || shape.endsWith('Minutes')).toBe(total < 60 || minutes > 0);
        if (shape === 'days') expect(hours + minutes).toBe(0);
        if (shape === 'hours') expect(days + minutes).toBe(0);
      }),
    );
  });

  it('words the summary from the policy the rules read', () => {
    fc.assert(
      fc.property(policyArbitrary, (policy) => {
        const facts = policyFacts(policy);
        expect(facts.map((fact) => fact.line)).toEqual([
          policy.minNoticeMinutes === 0 ? 'bookAnyTime' : 'bookAtLeast',
          'horizon',
          rescheduleNoticeOf(policy) === null ? 'noMoves' : 'moves',
          freeCancellationUntil(NOW, policy) === null ? 'freeCancellation' : 'lateCancellation',
          'noShow',
        ]);
        for (const fact of facts) {
          if (fact.line === 'moves') {
            expect(fact.times).toBe(policy.patientMovesPerSession);
            expect(fact.times).toBeGreaterThan(0);
            expect(fact.noticeMinutes).toBe(rescheduleNoticeOf(policy));
          }
          if (fact.line === 'lateCancellation') {
            expect(fact.windowMinutes).toBe(policy.lateCancelWindowMinutes);
            expect(fact.percent).toBeLessThan(100);
          }
        }
      }),
    );
  });

  it('gives each session’s terms and refusals the deadlines the rules enforce', () => {
    fc.assert(
      fc.property(policyArbitrary, fc.integer({ min: 0, max: 60 * 24 * 60 }), (policy, ahead) => {
        const start = new Date(NOW.getTime() + ahead * MINUTE);
        const cancellation = cancellationFacts(start, policy);
        const until = freeCancellationUntil(start, policy);
        if (cancellation.kind === 'freeUntilStart') expect(until).toBeNull();
        else {
          expect(cancellation.until).toEqual(until);
          expect(cancellation.kind === 'freeUntilThenNothing').toBe(
            policy.lateCancelRefundPercent === 0,
          );
          const refund = patientCancellationRefund(100, start, policy, cancellation.until);
          expect(refund.refundPaise).toBe(policy.lateCancelRefundPercent);
        }
        const moves = rescheduleFacts(start, policy);
        expect(moves.kind === 'until' ? moves.deadline : null).toEqual(
          rescheduleDeadline(start, policy),
        );
        expect(moveRefusalFacts('TOO_LATE', policy)).toEqual({
          refusal: 'TOO_LATE',
          noticeMinutes: rescheduleNoticeOf(policy) ?? 0,
        });
        expect(moveRefusalFacts('LIMIT_REACHED', policy)).toEqual({
          refusal: 'LIMIT_REACHED',
          times: policy.patientMovesPerSession,
        });
      }),
    );
  });
});

describe('lengthChangePaise', () => {
  it('is zero for the same length, and going there and back again costs nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(20 as const, 45 as const),
        fc.constantFrom(20 as const, 45 as const),
        (rate20, rate45, from, to) => {
          const rates = { session_20_paise: rate20, session_45_paise: rate45 };
          expect(lengthChangePaise(rates, from, from)).toBe(0);
          expect(lengthChangePaise(rates, from, to) + lengthChangePaise(rates, to, from)).toBe(0);
          expect(bookedFeePaise(rates, from) + lengthChangePaise(rates, from, to)).toBe(
            bookedFeePaise(rates, to),
          );
        },
      ),
    );
  });
});

describe('readPolicy without zod', () => {
  const field = fc.oneof(
    fc.integer({ min: -10, max: 11_000 }),
    fc.constantFrom(0, 5, 10, 15, 50, 100, 1.5, null, '10', undefined),
  );
  const stored = fc.oneof(
    fc.record({
      minNoticeMinutes: field,
      horizonWeeks: fc.oneof(fc.integer({ min: 0, max: 60 }), field),
      breakMinutes: field,
      rescheduleNoticeMinutes: field,
      patientMovesPerSession: fc.oneof(fc.integer({ min: -1, max: 6 }), field),
      lateCancelWindowMinutes: field,
      lateCancelRefundPercent: field,
      extra: fc.constant('dropped'),
    }),
    fc.constantFrom(null, undefined, 'policy', 42, [], {}),
  );

  it('reads a stored policy exactly as the PracticePolicy schema does', () => {
    fc.assert(
      fc.property(stored, (value) => {
        const parsed = PracticePolicy.safeParse(value);
        expect(readPolicy(value)).toEqual(parsed.success ? parsed.data : DEFAULT_PRACTICE_POLICY);
      }),
    );
  });

  it('keeps a valid policy as it is', () => {
    const policy = { ...DEFAULT_PRACTICE_POLICY, breakMinutes: 10 as const, horizonWeeks: 52 };
    expect(readPolicy(policy)).toEqual(policy);
  });
});
