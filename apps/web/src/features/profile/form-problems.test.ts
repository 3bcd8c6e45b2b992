import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRACTICE_POLICY,
  MEETING_LINK_MAX_LENGTH,
  POLICY_LIMITS,
  ReceiptSettings,
  UpdatePsychologistBody,
} from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import hi from '../../i18n/hi.json';
import { englishT, type Translate } from '../../i18n/i18n';
import { profileProblem, profileServerProblem } from './profile-dialog';
import { receiptProblem } from './receipt-settings';

const hindiT: Translate = (key: MessageKey, values) =>
  String(new IntlMessageFormat((hi as Record<string, string>)[key]!, 'hi').format(values));

const policy = (change: Record<string, unknown>) => ({
  policy: { ...DEFAULT_PRACTICE_POLICY, ...change },
});
const notices = (key: string, max: number) =>
  ['x', 1.5, -1, max + 1].map((value) => policy({ [key]: value }));

/** Bad profile bodies: every check of every field the form sends. */
const BAD_PROFILES: Array<Record<string, unknown>> = [
  {},
  { displayName: 'a' },
  { displayName: 'x'.repeat(81) },
  { displayName: 'a<b' },
  { timeZone: 'Mars/Olympus' },
  ...['x', 1.5, 0, 100_001].flatMap((fee) => [
    { session_20_minute_rate: fee },
    { session_45_minute_rate: fee },
  ]),
  { specializations: [] },
  { specializations: ['child', 'child'] },
  { specializations: ['astrology'] },
  { languages: [] },
  { languages: ['Hindi', 'Hindi'] },
  { languages: ['Klingon'] },
  { bio: 'a'.repeat(601) },
  { bio: 'a\u0001b' },
  { yearsOfPractice: 'x' },
  { yearsOfPractice: 2.5 },
  { yearsOfPractice: -1 },
  { yearsOfPractice: 71 },
  { registrationNumber: 'x'.repeat(41) },
  { registrationNumber: 'CRR@1' },
  { meetingLinks: { method: 'carrier pigeon' } },
  { meetingLinks: { method: 'jitsi', jitsiServer: 'http://meet.example' } },
  { meetingLinks: { method: 'jitsi', jitsiServer: 3 } },
  { meetingLinks: { method: 'jitsi', jitsiServer: `https://${'a'.repeat(200)}.in` } },
  { meetingLinks: { method: 'personal', personalLink: 'ftp://meet.example' } },
  {
    meetingLinks: {
      method: 'personal',
      personalLink: `https://${'a'.repeat(MEETING_LINK_MAX_LENGTH)}.in`,
    },
  },
  ...notices('minNoticeMinutes', POLICY_LIMITS.minNoticeMinutesMax),
  ...notices('rescheduleNoticeMinutes', POLICY_LIMITS.rescheduleNoticeMinutesMax),
  ...notices('lateCancelWindowMinutes', POLICY_LIMITS.lateCancelWindowMinutesMax),
  ...['x', 1.5, 0, 53].map((weeks) => policy({ horizonWeeks: weeks })),
  ...['x', 1.5, -1, 6].map((moves) => policy({ patientMovesPerSession: moves })),
  policy({ breakMinutes: 3 }),
  policy({ lateCancelRefundPercent: 20 }),
];

function issuesOf(body: unknown) {
  const result = UpdatePsychologistBody.safeParse(body);
  expect(result.success).toBe(false);
  return result.error!.issues;
}

describe('the profile form words the shared schema’s objections from the catalogue', () => {
  const cases = BAD_PROFILES.flatMap((body) => issuesOf(body).map((issue) => ({ body, issue })));

  it('checks every kind of objection', () => {
    expect(cases.length).toBeGreaterThanOrEqual(BAD_PROFILES.length);
    expect(new Set(cases.map(({ issue }) => issue.message)).size).toBe(50);
  });

  it.each(cases)('in English, byte for byte the schema’s: $issue.message', ({ issue }) => {
    expect(profileProblem(englishT, issue)[1]).toBe(issue.message);
  });

  it.each(cases)('in Hindi, never the schema’s English: $issue.message', ({ issue }) => {
    const [, text] = profileProblem(hindiT, issue);
    expect(text).not.toBe(issue.message);
    expect(text).toMatch(/[\u0900-\u097F]/);
  });

  it.each(cases)(
    'the server’s detail reads as the form’s own check: $issue.message',
    ({ issue }) => {
      const path = ['body', ...issue.path.map(String)].join('.');
      expect(profileServerProblem(hindiT, path, issue)).toEqual(profileProblem(hindiT, issue));
      expect(profileServerProblem(englishT, path, issue)).toEqual(profileProblem(englishT, issue));
    },
  );

  it('shows each objection by its field, a policy setting by its select', () => {
    expect(profileProblem(englishT, issuesOf({ bio: 'a\u0001' })[0]!)[0]).toBe('bio');
    expect(profileProblem(englishT, issuesOf(policy({ horizonWeeks: 0 }))[0]!)[0]).toBe(
      'policy.horizonWeeks',
    );
    expect(
      profileProblem(
        englishT,
        issuesOf({ meetingLinks: { method: 'jitsi', jitsiServer: 'x' } })[0]!,
      )[0],
    ).toBe('meetingLinks');
    expect(profileProblem(englishT, issuesOf({})[0]!)[0]).toBe('form');
  });

  it('reads a reworded schema message by its code, as the form’s own check words it', () => {
    const tooMany = issuesOf({ yearsOfPractice: 71 })[0]!;
    expect(tooMany.code).toBe('too_big');
    const reworded = { message: 'Seventy years at most', code: tooMany.code };
    expect(profileServerProblem(hindiT, 'body.yearsOfPractice', reworded)).toEqual(
      profileProblem(hindiT, tooMany),
    );
    expect(profileServerProblem(englishT, 'body.yearsOfPractice', reworded)).toEqual(
      profileProblem(englishT, tooMany),
    );
  });

  it('words a server detail no check of the form knows with the field’s general message', () => {
    expect(
      profileServerProblem(hindiT, 'body.bio', { message: 'Bio is not allowed today' }),
    ).toEqual(['bio', 'अपना परिचय जाँचें']);
    expect(
      profileServerProblem(englishT, 'body.yearsOfPractice', { message: 'is not valid' }),
    ).toEqual(['yearsOfPractice', 'Enter your years of practice as a number']);
    expect(
      profileServerProblem(englishT, 'body.somethingNew', { message: 'is not valid' })[0],
    ).toBe('form');
    expect(profileServerProblem(englishT, 'body.policy', { message: 'Invalid input' })).toEqual([
      'policy',
      "Check the booking and cancellation policy's settings",
    ]);
  });
});

const GOOD_RECEIPTS = { address: '', gstStatus: 'not_registered', gstin: null };
/** Bad receipt settings: every check of every field. */
const BAD_RECEIPTS: Array<{ address: string; gstStatus: string; gstin: string | null }> = [
  { ...GOOD_RECEIPTS, address: 'x'.repeat(201) },
  { ...GOOD_RECEIPTS, address: 'a\nb\n\nc\nd\ne' },
  { ...GOOD_RECEIPTS, address: 'a\u0001b' },
  { ...GOOD_RECEIPTS, gstStatus: 'maybe' },
  { ...GOOD_RECEIPTS, gstStatus: 'registered', gstin: null },
  { ...GOOD_RECEIPTS, gstStatus: 'registered', gstin: 'ABC' },
  { ...GOOD_RECEIPTS, gstStatus: 'registered', gstin: '27AAPFU0939F1ZA' },
];

describe('the receipt settings word the shared schema’s objections from the catalogue', () => {
  const cases = BAD_RECEIPTS.flatMap((sent) => {
    const result = ReceiptSettings.safeParse(sent);
    expect(result.success).toBe(false);
    return result.error!.issues.map((issue) => ({ sent, issue }));
  });

  it('checks every kind of objection', () => {
    expect(new Set(cases.map(({ issue }) => issue.message)).size).toBe(7);
  });

  it.each(cases)('in English, byte for byte the schema’s: $issue.message', ({ sent, issue }) => {
    const key = String(issue.path[0]) as 'address' | 'gstStatus' | 'gstin';
    expect(receiptProblem(englishT, key, issue, sent)).toBe(issue.message);
    const hindi = receiptProblem(hindiT, key, issue, sent);
    expect(hindi).not.toBe(issue.message);
    expect(hindi).toMatch(/[\u0900-\u097F]/);
  });
});
