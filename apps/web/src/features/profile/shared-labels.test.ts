import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@sukoon/shared';
import en from '../../i18n/en.json';

/** The profile names each language a psychologist may list (the shared list) from the catalogue. */
describe('the profile’s language names in the catalogue', () => {
  it('name every language of the shared list, in English as the list writes it', () => {
    const catalogue = en as Record<string, string>;
    expect(LANGUAGES.map((name) => catalogue[`profile.language.${name.toLowerCase()}`])).toEqual([
      ...LANGUAGES,
    ]);
  });
});
