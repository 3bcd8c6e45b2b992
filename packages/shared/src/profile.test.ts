import { describe, expect, it } from 'vitest';
import {
  Bio,
  LANGUAGES,
  ListPsychologistsQuery,
  nameFromUsername,
  psychologistsPath,
  RegistrationNumber,
  UpdatePsychologistBody,
} from './profile';
import { missingProfileParts } from './profile-completeness';

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
