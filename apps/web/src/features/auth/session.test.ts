import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { User } from '@sukoon/shared';
import { storedUser } from './session';

/**
 * The stored user is checked by hand, without zod, on every first load (decision 0017). These hold
 * that check to the shared `User` schema, so a field added there cannot be forgotten here.
 */
const arbitraryUser = fc.record({
  id: fc.uuid(),
  email: fc.emailAddress(),
  username: fc.string({ minLength: 1, maxLength: 30 }),
  role: fc.constantFrom('patient', 'psychologist'),
  fullName: fc.option(fc.string({ minLength: 2, maxLength: 80 }), { nil: null }),
  avatarUrl: fc.option(fc.webUrl(), { nil: null }),
  locale: fc.constantFrom('en', 'hi'),
});

/** A value of the wrong kind for any field. */
const wrongValue = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.constant({}),
);

describe('the stored user’s hand-written check', () => {
  it('accepts every user the schema accepts, as it is', () => {
    fc.assert(
      fc.property(arbitraryUser, (user) => {
        expect(User.safeParse(user).success).toBe(true);
        expect(storedUser(JSON.parse(JSON.stringify(user)))).toEqual(user);
      }),
    );
  });

  it('refuses a user with any field of the schema missing or of the wrong kind', () => {
    const fields = Object.keys(User.shape) as (keyof User)[];
    fc.assert(
      fc.property(arbitraryUser, fc.constantFrom(...fields), wrongValue, (user, field, value) => {
        const broken = { ...user, [field]: value };
        expect(User.safeParse(broken).success).toBe(false);
        expect(storedUser(broken)).toBeNull();
      }),
    );
    // Every field the schema has is checked: removing one is refused, but for the full name, which
    // entries stored before it existed lack (they read as having none).
    for (const field of fields) {
      const user = fc.sample(arbitraryUser, 1)[0]!;
      const { [field]: _removed, ...rest } = user;
      if (field === 'fullName') expect(storedUser(rest)).toEqual({ ...user, fullName: null });
      else if (field === 'locale') expect(storedUser(rest)).toEqual({ ...user, locale: 'en' });
      else expect(storedUser(rest), field).toBeNull();
    }
  });

  it('refuses what is not an object', () => {
    for (const value of [null, 'user', 42, true]) expect(storedUser(value)).toBeNull();
  });
});
