import { describe, expect, it } from 'vitest';
import {
  calendarFeedUrls,
  FeedSecret,
  feedSessionText,
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

  it('shows a psychologist the first name and "Session (20 min)" by default', () => {
    expect(feedSessionText('psychologist', facts, { showFullDetails: false })).toEqual({
      summary: 'Asha · Session (20 min)',
      details: null,
    });
  });

  it('shows a psychologist who opted in the full name, title and problem description', () => {
    expect(feedSessionText('psychologist', facts, { showFullDetails: true })).toEqual({
      summary: 'Asha Kumar: Feeling low (20 min)',
      details: 'Hard to get going in the mornings',
    });
  });

  it('keeps the psychologist’s own events and deleted patients nameless', () => {
    const own = { ...facts, patientUsername: null, title: 'Ravi intake' };
    expect(feedSessionText('psychologist', own, { showFullDetails: false }).summary).toBe(
      'Session (20 min)',
    );
    const gone = { ...facts, patientUsername: 'deleted_0a1b', patientDeleted: true };
    expect(feedSessionText('psychologist', gone, { showFullDetails: true }).summary).toBe(
      'Former patient: Feeling low (20 min)',
    );
  });

  it('never repeats to the patient what they wrote', () => {
    const text = feedSessionText('patient', facts, { showFullDetails: true });
    expect(text).toEqual({ summary: 'Session (20 min) with Dr. Meera Rao', details: null });
  });
});
