import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  checkOf,
  DEFAULT_PRACTICE_POLICY,
  MEETING_LINK_MAX_LENGTH,
  POLICY_LIMITS,
  ReceiptSettings,
  UpdatePsychologistBody,
} from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import hi from '../../i18n/hi.json';
import { englishT, type Translate } from '../../i18n/i18n';
import { profileProblem, profileServerProblem } from './profile-problems';
import { serverProblemText } from '../../i18n/shared-words';
import { RECEIPT_PROBLEMS, receiptProblem } from './receipt-settings';

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

  it('names every refinement of its own, so no two of a field’s are both `custom`', () => {
    const refinements = cases.filter(({ issue }) => issue.code === 'custom');
    expect(refinements.length).toBeGreaterThanOrEqual(6);
    for (const { issue } of refinements) expect(checkOf(issue), issue.message).not.toBe('custom');
  });

  it.each(cases)(
    'the server’s detail reads as the form’s own check, by its name: $issue.message',
    ({ issue }) => {
      const path = ['body', ...issue.path.map(String)].join('.');
      // As the server sends it (its English message is not read: another check's here).
      const detail = { message: 'Invalid input', code: issue.code, check: checkOf(issue)! };
      expect(profileServerProblem(hindiT, path, detail)).toEqual(profileProblem(hindiT, issue));
      expect(profileServerProblem(englishT, path, detail)).toEqual(profileProblem(englishT, issue));
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

  it('reads a reworded schema message by its check’s name, as the form’s own check words it', () => {
    const tooMany = issuesOf({ yearsOfPractice: 71 })[0]!;
    expect(checkOf(tooMany)).toBe('tooBig');
    const reworded = { message: 'Seventy years at most', code: 'too_big', check: 'tooBig' };
    expect(profileServerProblem(hindiT, 'body.yearsOfPractice', reworded)).toEqual([
      'yearsOfPractice',
      'प्रैक्टिस के साल ज़्यादा से ज़्यादा 70 हो सकते हैं',
    ]);
    expect(profileServerProblem(englishT, 'body.yearsOfPractice', reworded)).toEqual([
      'yearsOfPractice',
      'Years of practice can be at most 70',
    ]);
  });

  it('words a server detail no check of the form knows with the field’s general message', () => {
    expect(profileServerProblem(hindiT, 'body.bio', { check: 'notToday' })).toEqual([
      'bio',
      'अपना परिचय जाँचें',
    ]);
    // An answer without a name (an older server's) is not guessed from its English.
    expect(profileServerProblem(englishT, 'body.bio', {})).toEqual(['bio', 'Check the bio']);
    expect(profileServerProblem(englishT, 'body.yearsOfPractice', { check: 'custom' })).toEqual([
      'yearsOfPractice',
      'Enter your years of practice as a number',
    ]);
    expect(profileServerProblem(englishT, 'body.somethingNew', { check: 'tooBig' })[0]).toBe(
      'form',
    );
    expect(profileServerProblem(englishT, 'body.policy', { check: 'type' })).toEqual([
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

  it.each(cases)('in English, byte for byte the schema’s: $issue.message', ({ issue }) => {
    const key = String(issue.path[0]) as 'address' | 'gstStatus' | 'gstin';
    expect(receiptProblem(englishT, key, issue)).toBe(issue.message);
    const hindi = receiptProblem(hindiT, key, issue);
    expect(hindi).not.toBe(issue.message);
    expect(hindi).toMatch(/[\u0900-\u097F]/);
    // The server's answer names the same check, and reads the same.
    const detail = { check: checkOf(issue)! };
    expect(serverProblemText(englishT, RECEIPT_PROBLEMS[key], detail)).toBe(issue.message);
    expect(serverProblemText(hindiT, RECEIPT_PROBLEMS[key], detail)).toBe(hindi);
  });

  it('words each of a field’s two refinements by the name the server sends, whatever its English', () => {
    // Both fail as zod's `custom`; only the name tells them apart. The English sent is the other's.
    const lines = { message: 'The address holds an invisible control character', code: 'custom' };
    const address = RECEIPT_PROBLEMS.address;
    expect(serverProblemText(englishT, address, { ...lines, check: 'addressLines' })).toBe(
      'Write the address in 4 lines or fewer',
    );
    expect(serverProblemText(hindiT, address, { ...lines, check: 'addressLines' })).toBe(
      'पता ज़्यादा से ज़्यादा 4 लाइनों में लिखें',
    );
    const control = { message: 'Write the address in 4 lines or fewer', code: 'custom' };
    expect(
      serverProblemText(englishT, address, { ...control, check: 'addressControlCharacter' }),
    ).toBe('The address holds an invisible control character');
    expect(
      serverProblemText(hindiT, address, { ...control, check: 'addressControlCharacter' }),
    ).toBe('पते में कोई न दिखने वाला कंट्रोल कैरेक्टर है');
    const gstin = RECEIPT_PROBLEMS.gstin;
    expect(serverProblemText(englishT, gstin, { code: 'custom', check: 'gstinMissing' })).toBe(
      'Enter your GSTIN, or choose “Not registered for GST”',
    );
    expect(serverProblemText(hindiT, gstin, { code: 'custom', check: 'gstinMissing' })).toBe(
      'अपना GSTIN डालें, या “GST में रजिस्टर्ड नहीं” चुनें',
    );
    expect(serverProblemText(hindiT, gstin, { code: 'custom', check: 'gstinCheckCharacter' })).toBe(
      'इस GSTIN का आखिरी अक्षर मेल नहीं खाता: देख लें कि टाइप करने में कोई गलती तो नहीं हुई',
    );
  });
});
