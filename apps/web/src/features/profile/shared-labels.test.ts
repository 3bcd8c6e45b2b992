import { describe, expect, it } from 'vitest';
import {
  GST_STATUS_LABELS,
  LANGUAGES,
  MEETING_LINK_METHOD_LABELS,
  PROFILE_PART_LABELS,
} from '@sukoon/shared';
import en from '../../i18n/en.json';

/** The profile shows these from the catalogue: its English stays the shared labels' English. */
describe('the profile’s labels in the catalogue', () => {
  it('word the meeting link choices and GST positions as shared does', () => {
    expect([
      en['profile.meeting.method.manual'],
      en['profile.meeting.method.jitsi'],
      en['profile.meeting.method.personal'],
    ]).toEqual([
      MEETING_LINK_METHOD_LABELS.manual,
      MEETING_LINK_METHOD_LABELS.jitsi,
      MEETING_LINK_METHOD_LABELS.personal,
    ]);
    expect([en['profile.receipts.notRegistered'], en['profile.receipts.registered']]).toEqual([
      GST_STATUS_LABELS.not_registered,
      GST_STATUS_LABELS.registered,
    ]);
  });

  it('name every language and profile part as shared does', () => {
    const catalogue = en as Record<string, string>;
    expect(LANGUAGES.map((name) => catalogue[`profile.language.${name.toLowerCase()}`])).toEqual([
      ...LANGUAGES,
    ]);
    expect([
      en['profile.prompt.part.specializations'],
      en['profile.prompt.part.languages'],
      en['profile.prompt.part.bio'],
      en['profile.prompt.part.yearsOfPractice'],
    ]).toEqual([
      PROFILE_PART_LABELS.specializations,
      PROFILE_PART_LABELS.languages,
      PROFILE_PART_LABELS.bio,
      PROFILE_PART_LABELS.yearsOfPractice,
    ]);
  });
});
