import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_FEED,
  calendarFeedUrls,
  FeedSecret,
  feedSessionSummary,
  patientFirstName,
  patientFullName,
  type FeedSessionFacts,
} from './calendar-feeds';

const facts: FeedSessionFacts = {
  durationMinutes: 20,
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
    expect(feedSessionSummary('psychologist', facts, { showFullDetails: false })).toEqual({
      kind: 'session',
      minutes: 20,
      who: { name: 'Asha' },
    });
  });

  it('shows a psychologist who opted in the full name, and still only the length', () => {
    expect(feedSessionSummary('psychologist', facts, { showFullDetails: true })).toEqual({
      kind: 'session',
      minutes: 20,
      who: { name: 'Asha Kumar' },
    });
  });

  it('keeps the psychologist’s own events and deleted patients nameless', () => {
    const own = { ...facts, patientUsername: null };
    expect(feedSessionSummary('psychologist', own, { showFullDetails: true })).toEqual({
      kind: 'session',
      minutes: 20,
      who: null,
    });
    const gone = { ...facts, patientUsername: 'deleted_0a1b', patientDeleted: true };
    expect(feedSessionSummary('psychologist', gone, { showFullDetails: true })).toEqual({
      kind: 'session',
      minutes: 20,
      who: 'formerPatient',
    });
  });

  it('names the psychologist in the patient’s feed', () => {
    expect(feedSessionSummary('patient', facts, { showFullDetails: true })).toEqual({
      kind: 'withPsychologist',
      minutes: 20,
      psychologistName: 'Dr. Meera Rao',
    });
  });

  it('never says more than a name and the length, whatever a session holds', () => {
    // Whatever else a booking row holds (its title and problem description are the patient's own
    // words) is handed in too: none of it may come out.
    const written = fc.string({ minLength: 1, maxLength: 200 });
    fc.assert(
      fc.property(
        fc.record({
          durationMinutes: fc.constantFrom(20, 45),
          patientUsername: fc.option(fc.stringMatching(/^[a-z0-9_]{1,40}$/)),
          patientDeleted: fc.boolean(),
          psychologistName: fc.string({ minLength: 1, maxLength: 300 }),
          title: written,
          description: written,
          attendanceNotes: written,
        }),
        fc.constantFrom('psychologist' as const, 'patient' as const),
        fc.boolean(),
        (session, viewer, showFullDetails) => {
          const summary = feedSessionSummary(viewer, session, { showFullDetails });
          expect(Object.keys(summary).sort()).toEqual(
            summary.kind === 'session'
              ? ['kind', 'minutes', 'who']
              : ['kind', 'minutes', 'psychologistName'],
          );
          expect(summary.minutes).toBe(session.durationMinutes);
          const name =
            summary.kind === 'withPsychologist'
              ? summary.psychologistName
              : summary.who !== null && summary.who !== 'formerPatient'
                ? summary.who.name
                : null;
          if (name !== null) {
            expect(Array.from(name).length).toBeLessThanOrEqual(CALENDAR_FEED.nameMaxLength);
            const source =
              summary.kind === 'withPsychologist'
                ? session.psychologistName
                : showFullDetails
                  ? patientFullName(session.patientUsername!)
                  : patientFirstName(session.patientUsername!);
            expect(source.startsWith(name)).toBe(true);
          }
        },
      ),
    );
  });
});
