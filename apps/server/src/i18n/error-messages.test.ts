import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRACTICE_POLICY,
  EVENT_FORM_MESSAGES,
  formatNotice,
  rescheduleNoticeOf,
  slotProblemMessage,
  type PatientMoveRefusal,
  type PracticePolicy,
  type SlotProblem,
} from '@sukoon/shared';
import { istSlot } from '../../test/booking';
import { signedInAs } from '../../test/sign-in';
import { useTestApp } from '../../test/test-app';
import { moveRefusalText, noticeMessage, slotProblemText } from './error-messages';
import { translate, translateMessage } from './translate';

const DEVANAGARI = /[\u0900-\u097F]/;
const PROBLEMS: SlotProblem[] = [
  'NOT_WHOLE_MINUTE',
  'OUTSIDE_HOURS',
  'PAST',
  'TOO_FAR_AHEAD',
  'TOO_SOON',
  'DAY_OFF',
  'DAY_PART_UNAVAILABLE',
  'BLOCKED',
  'OVERLAP',
  'NO_BREAK',
];
const POLICIES: PracticePolicy[] = [
  DEFAULT_PRACTICE_POLICY,
  { ...DEFAULT_PRACTICE_POLICY, minNoticeMinutes: 12 * 60, horizonWeeks: 1, breakMinutes: 15 },
  {
    ...DEFAULT_PRACTICE_POLICY,
    minNoticeMinutes: 90,
    horizonWeeks: 3,
    breakMinutes: 5,
    rescheduleNoticeMinutes: 30 * 60 + 15,
    patientMovesPerSession: 1,
  },
  { ...DEFAULT_PRACTICE_POLICY, lateCancelWindowMinutes: 72 * 60, lateCancelRefundPercent: 50 },
];

/**
 * A move's refusal as the shared rules said it before the app and the server worded it themselves
 * (issue 22): the English must stay as it was.
 */
function englishRefusal(refusal: PatientMoveRefusal, policy: PracticePolicy): string {
  const times = policy.patientMovesPerSession;
  switch (refusal) {
    case 'NOT_ALLOWED':
      return 'Your psychologist does not let sessions be moved online. Cancel it, or ask them to move it.';
    case 'LIMIT_REACHED':
      return `This session has already been moved ${times} time${times === 1 ? '' : 's'}, as many as your psychologist allows. Cancel it, or ask them to move it.`;
    case 'TOO_LATE':
      return `Sessions can be moved until ${formatNotice(rescheduleNoticeOf(policy) ?? 0)} before they start. Cancel it, or ask your psychologist to move it.`;
  }
}

/** Issue 22: a domain error's own words are the catalogue's, so they reach a Hindi reader in Hindi. */
describe('the domain errors’ own messages', () => {
  it('say in English exactly what the shared rules say', () => {
    for (let minutes = 0; minutes <= 8 * 24 * 60; minutes += 5) {
      expect(translateMessage('en', noticeMessage(minutes))).toBe(formatNotice(minutes));
    }
    for (const problem of PROBLEMS) {
      expect(translateMessage('en', slotProblemText(problem)), problem).toBe(
        slotProblemMessage(problem),
      );
      for (const policy of POLICIES) {
        expect(translateMessage('en', slotProblemText(problem, policy)), problem).toBe(
          slotProblemMessage(problem, policy),
        );
      }
    }
    for (const policy of POLICIES) {
      for (const refusal of ['NOT_ALLOWED', 'LIMIT_REACHED', 'TOO_LATE'] as const) {
        expect(translateMessage('en', moveRefusalText(refusal, policy)), refusal).toBe(
          englishRefusal(refusal, policy),
        );
      }
    }
    expect(translate('en', 'error.event.meetingLinkRequired')).toBe(
      `body.meetingLink: ${EVENT_FORM_MESSAGES.meetingLinkRequired}`,
    );
  });

  it('say it in Hindi, durations too', () => {
    expect(translateMessage('hi', noticeMessage(12 * 60))).toBe('12 घंटे');
    expect(translateMessage('hi', noticeMessage(24 * 60 + 60))).toBe('1 दिन 1 घंटा');
    const tooSoon = translateMessage(
      'hi',
      slotProblemText('TOO_SOON', { ...DEFAULT_PRACTICE_POLICY, minNoticeMinutes: 12 * 60 }),
    );
    expect(tooSoon).toBe(
      'इन साइकोलॉजिस्ट के साथ सेशन कम से कम 12 घंटे पहले बुक करना होता है: कृपया बाद का कोई समय चुनें।',
    );
    for (const problem of PROBLEMS) {
      expect(translateMessage('hi', slotProblemText(problem)), problem).toMatch(DEVANAGARI);
    }
  });

  describe('through the API', () => {
    const context = useTestApp();

    it('words a refused slot in the reader’s language, with the same code', async () => {
      const patient = await signedInAs(context.database.db, 'patient');
      const psychologist = await signedInAs(context.database.db, 'psychologist');
      // 3 AM in the psychologist's zone: outside the hours sessions run.
      const hold = () =>
        context.app.inject({
          method: 'POST',
          url: '/api/payments/create-order',
          headers: patient.headers,
          payload: {
            psychologist_id: psychologist.user.id,
            start_time: istSlot(3, 3 * 60).toISOString(),
            duration: 45,
            title: 'Feeling low',
            description: 'Hard to get going',
          },
        });
      const english = await hold();
      expect(english.json().error).toMatchObject({
        code: 'SLOT_UNAVAILABLE',
        message: slotProblemMessage('OUTSIDE_HOURS'),
      });
      const chosen = await context.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: patient.headers,
        payload: { locale: 'hi' },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const hindi = await hold();
      expect(hindi.statusCode).toBe(english.statusCode);
      expect(hindi.json().error).toMatchObject({
        code: 'SLOT_UNAVAILABLE',
        message: translate('hi', 'error.slot.outsideHours'),
      });
      expect(hindi.json().error.message).toMatch(DEVANAGARI);
    });
  });
});
