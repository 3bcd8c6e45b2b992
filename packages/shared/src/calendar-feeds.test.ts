import { describe, expect, it } from 'vitest';
import {
  calendarFeedUrls,
  FeedSecret,
  feedSessionFacts,
  patientFirstName,
  patientFullName,
  type FeedSessionFacts,
} from './calendar-feeds';

const facts: FeedSessionFacts = {
  durationMinutes: 20,
  title: 'Feeling low',
  description: 'Hard to get going in the mornings',
  patientUsername: 'asha_kumar',
  patientDeleted: false,
  psychologistName: 'Dr. Meera Rao',
};

describe('calendar feed rules', () => {
  it('accepts only 43-character base64url secrets', () => {
    expect(FeedSecret.safeParse('a'.repeat(43)).success).toBe(true);
    expect(FeedSecret.safeParse('a'.repeat(42)).success).toBe(false);
    expect(FeedSecret.safeParse(`${'a'.repeat(42)}/`).success).toBe(false);
  });

  it('makes the https and webcal addresses of a feed', () => {
    expect(calendarFeedUrls('https://sukoon.example/', 'abc')).toEqual({
      url: 'https://sukoon.example/api/calendar-feeds/abc.ics',
      webcalUrl: 'webcal://sukoon.example/api/calendar-feeds/abc.ics',
    });
    expect(calendarFeedUrls('http://localhost:3000', 'abc').webcalUrl).toBe(
      'webcal://localhost:3000/api/calendar-feeds/abc.ics',
    );
  });

  it('reads first and full names from usernames', () => {
    expect(patientFirstName('asha_kumar')).toBe('Asha');
    expect(patientFirstName('_ravi')).toBe('Ravi');
    expect(patientFullName('asha_kumar')).toBe('Asha Kumar');
  });

  it('shows a psychologist the first name and the length by default', () => {
    expect(feedSessionFacts('psychologist', facts, { showFullDetails: false })).toEqual({
      summary: { kind: 'session', minutes: 20, who: { name: 'Asha' } },
      details: null,
    });
  });

  it('shows a psychologist who opted in the full name, title and problem description', () => {
    expect(feedSessionFacts('psychologist', facts, { showFullDetails: true })).toEqual({
      summary: { kind: 'titled', minutes: 20, who: { name: 'Asha Kumar' }, title: 'Feeling low' },
      details: 'Hard to get going in the mornings',
    });
  });

  it('keeps the psychologist’s own events and deleted patients nameless', () => {
    const own = { ...facts, patientUsername: null, title: 'Ravi intake' };
    expect(feedSessionFacts('psychologist', own, { showFullDetails: false }).summary).toEqual({
      kind: 'session',
      minutes: 20,
      who: null,
    });
    const gone = { ...facts, patientUsername: 'deleted_0a1b', patientDeleted: true };
    expect(feedSessionFacts('psychologist', gone, { showFullDetails: true }).summary).toEqual({
      kind: 'titled',
      minutes: 20,
      who: 'formerPatient',
      title: 'Feeling low',
    });
  });

  it('never repeats to the patient what they wrote', () => {
    expect(feedSessionFacts('patient', facts, { showFullDetails: true })).toEqual({
      summary: { kind: 'withPsychologist', minutes: 20, psychologistName: 'Dr. Meera Rao' },
      details: null,
    });
  });
});
