import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addIsoDays, slotProblem, zonedInstant, type AvailabilityFacts } from './calendar';
import {
  Bio,
  firstBookableStart,
  LANGUAGES,
  ListPsychologistsQuery,
  missingProfileParts,
  nameFromUsername,
  psychologistsPath,
  RegistrationNumber,
  UpdatePsychologistBody,
} from './profile';

const IST = 'Asia/Kolkata';
// Thursday 26 November 2026, 9:10 PM in India: after working hours.
const NOW = zonedInstant('2026-11-26', 21 * 60 + 10, IST);
const free: AvailabilityFacts = {
  timeZone: IST,
  daysOff: [],
  unavailableDayParts: [],
  blockedSlots: [],
  busy: [],
};

describe('the profile schemas', () => {
  it('accept a complete profile and give it one spelling', () => {
    const parsed = UpdatePsychologistBody.parse({
      displayName: '  Meera   Iyer ',
      specializations: ['trauma', 'family'],
      languages: ['Tamil', 'English'],
      bio: ' Line one\r\nLine two ',
      yearsOfPractice: 0,
      registrationNumber: '  CRR   A/123-4 ',
    });
    expect(parsed).toEqual({
      displayName: 'Meera Iyer',
      specializations: ['trauma', 'family'],
      languages: ['Tamil', 'English'],
      bio: 'Line one\nLine two',
      yearsOfPractice: 0,
      registrationNumber: 'CRR A/123-4',
    });
  });

  it('hold English, Hindi and the 22 scheduled languages of India, once each', () => {
    expect(LANGUAGES).toHaveLength(23);
    expect(new Set(LANGUAGES).size).toBe(23);
    expect(LANGUAGES).toEqual(expect.arrayContaining(['English', 'Hindi', 'Santali', 'Bodo']));
  });

  it('refuse what a person has to fix, saying how', () => {
    const message = (body: object) =>
      UpdatePsychologistBody.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(message({ bio: 'x'.repeat(601) })).toEqual(['Keep the bio to 600 characters or fewer']);
    expect(message({ yearsOfPractice: 71 })).toEqual(['Years of practice can be at most 70']);
    expect(message({ specializations: [] })).toEqual(['Choose at least one specialization']);
    expect(message({ languages: ['Hindi', 'Hindi'] })).toEqual(['Choose each language once']);
    expect(message({ displayName: 'A' })).toEqual(['Full name needs at least 2 characters']);
    expect(message({ bio: 'Hello\u202Eevil' })).toEqual([
      'The bio holds an invisible control character',
    ]);
    expect(message({})).toEqual(['Send at least one field to change']);
  });

  it('count a bio after its line endings are made one, so 600 typed with CRLF still fit', () => {
    const bio = `${'x'.repeat(299)}\r\n${'y'.repeat(300)}`;
    expect(Bio.parse(bio)).toHaveLength(600);
  });

  it('read an emptied registration number as none', () => {
    expect(RegistrationNumber.parse('   ')).toBeNull();
    expect(RegistrationNumber.safeParse('<script>').success).toBe(false);
  });

  it('validate the list filters and build their path', () => {
    expect(ListPsychologistsQuery.safeParse({ specialization: 'astrology' }).success).toBe(false);
    expect(ListPsychologistsQuery.parse({ language: 'Hindi' })).toEqual({ language: 'Hindi' });
    expect(psychologistsPath()).toBe('/api/psychologists');
    expect(psychologistsPath({ specialization: 'child', language: 'Hindi' })).toBe(
      '/api/psychologists?specialization=child&language=Hindi',
    );
  });
});

describe('missingProfileParts and nameFromUsername', () => {
  it('name what a new profile lacks, and nothing for a complete one', () => {
    const empty = { specializations: [], languages: [], bio: ' ', yearsOfPractice: null };
    expect(missingProfileParts(empty)).toEqual([
      'specializations',
      'languages',
      'bio',
      'yearsOfPractice',
    ]);
    expect(
      missingProfileParts({
        specializations: ['child'],
        languages: ['Hindi'],
        bio: 'Bio',
        yearsOfPractice: 0,
      }),
    ).toEqual([]);
  });

  it('turn a username into a name', () => {
    expect(nameFromUsername('asha_rao')).toBe('Asha Rao');
    expect(nameFromUsername('DR__MEERA')).toBe('Dr Meera');
    expect(nameFromUsername('___')).toBe('___');
  });
});

describe('firstBookableStart', () => {
  it('is the next morning’s 9:00 AM after working hours, and skips days off, day parts, blocks and bookings', () => {
    expect(firstBookableStart(free, NOW)).toEqual(zonedInstant('2026-11-27', 540, IST));
    const facts: AvailabilityFacts = {
      ...free,
      daysOff: ['2026-11-27'],
      unavailableDayParts: [{ date: '2026-11-28', segment: 'morning' }],
      blockedSlots: [zonedInstant('2026-11-28', 720, IST).toISOString()],
      busy: [
        {
          start: zonedInstant('2026-11-28', 750, IST).toISOString(),
          end: zonedInstant('2026-11-28', 795, IST).toISOString(),
        },
      ],
    };
    // 12:00 blocked, 12:30-1:15 booked: 1:30 PM.
    expect(firstBookableStart(facts, NOW)).toEqual(zonedInstant('2026-11-28', 810, IST));
  });

  it('is null when nothing is free in the next 28 days', () => {
    const daysOff = Array.from({ length: 29 }, (_, day) => addIsoDays('2026-11-26', day));
    expect(firstBookableStart({ ...free, daysOff }, NOW)).toBeNull();
    // The 28th day after today is still inside the four weeks (until 9:10 PM), the 29th is not.
    expect(firstBookableStart({ ...free, daysOff: daysOff.slice(0, 28) }, NOW)).toEqual(
      zonedInstant('2026-12-24', 540, IST),
    );
  });

  it('agrees with the slot rule: bookable itself, and no earlier grid start is', () => {
    fc.assert(
      fc.property(
        fc.subarray(Array.from({ length: 6 }, (_, day) => addIsoDays('2026-11-27', day))),
        fc.array(fc.integer({ min: 0, max: 5 * 24 - 1 }), { maxLength: 30 }),
        (daysOff, blockedIndexes) => {
          const blockedSlots = blockedIndexes.map((index) =>
            zonedInstant(
              addIsoDays('2026-11-27', Math.floor(index / 24)),
              540 + (index % 24) * 30,
              IST,
            ).toISOString(),
          );
          const facts = { ...free, daysOff, blockedSlots };
          const found = firstBookableStart(facts, NOW, 7);
          if (found) {
            expect(slotProblem({ start: found, durationMinutes: 20, now: NOW, facts })).toBeNull();
          }
          for (let day = 0; day < 7; day += 1) {
            for (let minute = 540; minute < 21 * 60; minute += 30) {
              const start = zonedInstant(addIsoDays('2026-11-26', day), minute, IST);
              if (found && start >= found) return true;
              expect(
                slotProblem({ start, durationMinutes: 20, now: NOW, facts }),
                start.toISOString(),
              ).not.toBeNull();
            }
          }
          return true;
        },
      ),
      { numRuns: 60 },
    );
  });
});
