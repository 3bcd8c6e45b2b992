import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRACTICE_POLICY,
  isPracticePolicy,
  isSettingValue,
  POLICY_FIELDS,
  POLICY_KEYS,
  PracticePolicy,
  readPolicy,
  type PolicyField,
} from './policy';

/** What the form lists for a setting: its presets or choices, each value of a count. */
function listed(field: PolicyField): Array<number | null> {
  if (field.kind === 'oneOf') return [...field.choices];
  if (field.kind === 'count') {
    return Array.from({ length: field.max - field.min + 1 }, (_, index) => field.min + index);
  }
  return field.nullable ? [...field.offered, null] : [...field.offered];
}

/** Values a setting takes, from its table entry alone. */
function validOf(field: PolicyField): fc.Arbitrary<number | null> {
  switch (field.kind) {
    case 'minutes': {
      const minutes = fc.integer({ min: 0, max: field.max });
      return field.nullable ? fc.option(minutes, { nil: null }) : minutes;
    }
    case 'count':
      return fc.integer({ min: field.min, max: field.max });
    case 'oneOf':
      return fc.constantFrom(...field.choices);
  }
}

/** Values near and past a setting's edges, and of the wrong kind. */
function nearOf(field: PolicyField): fc.Arbitrary<unknown> {
  const edges =
    field.kind === 'oneOf'
      ? field.choices.flatMap((choice) => [choice - 1, choice, choice + 1])
      : [field.kind === 'count' ? field.min : 0, field.max].flatMap((edge) => [
          edge - 1,
          edge,
          edge + 1,
          edge + 0.5,
        ]);
  return fc.oneof(
    validOf(field),
    fc.constantFrom(...edges),
    fc.integer({ min: -20_000, max: 20_000 }),
    fc.double({ noNaN: false }),
    fc.constantFrom(null, undefined, '10', true, [], {}),
  );
}

const policyOf = (values: (field: PolicyField) => fc.Arbitrary<unknown>) =>
  fc.record(Object.fromEntries(POLICY_KEYS.map((key) => [key, values(POLICY_FIELDS[key])])));

describe('the practice policy’s field table', () => {
  it('makes a schema and a zod-free check that agree on every setting', () => {
    fc.assert(
      fc.property(policyOf(nearOf), (value) => {
        const parsed = PracticePolicy.safeParse(value);
        expect(isPracticePolicy(value)).toBe(parsed.success);
        expect(readPolicy(value)).toEqual(parsed.success ? parsed.data : DEFAULT_PRACTICE_POLICY);
      }),
      { numRuns: 500 },
    );
  });

  it('checks each setting as the schema does, one at a time', () => {
    for (const key of POLICY_KEYS) {
      const field = POLICY_FIELDS[key];
      fc.assert(
        fc.property(nearOf(field), (setting) => {
          const value = { ...DEFAULT_PRACTICE_POLICY, [key]: setting };
          expect(isSettingValue(field, setting), `${key}: ${String(setting)}`).toBe(
            PracticePolicy.safeParse(value).success,
          );
        }),
      );
    }
  });

  it('accepts every policy the table allows, as it is', () => {
    fc.assert(
      fc.property(policyOf(validOf), (value) => {
        expect(PracticePolicy.parse(value)).toEqual(value);
        expect(isPracticePolicy(value)).toBe(true);
      }),
    );
  });

  it('has defaults the schema accepts, each one the form offers', () => {
    expect(PracticePolicy.parse(DEFAULT_PRACTICE_POLICY)).toEqual(DEFAULT_PRACTICE_POLICY);
    expect(Object.keys(DEFAULT_PRACTICE_POLICY)).toEqual(POLICY_KEYS);
    for (const key of POLICY_KEYS) {
      const field = POLICY_FIELDS[key];
      expect(isSettingValue(field, field.default), key).toBe(true);
      expect(listed(field), key).toContain(field.default);
    }
  });

  it('offers only values the schema accepts, each once', () => {
    for (const key of POLICY_KEYS) {
      const offered = listed(POLICY_FIELDS[key]);
      expect(new Set(offered).size, key).toBe(offered.length);
      for (const setting of offered) {
        expect(
          PracticePolicy.safeParse({ ...DEFAULT_PRACTICE_POLICY, [key]: setting }).success,
          `${key}: ${String(setting)}`,
        ).toBe(true);
      }
    }
  });

  it('keeps only the table’s settings of a stored policy', () => {
    fc.assert(
      fc.property(policyOf(validOf), fc.string(), (value, extra) => {
        const stored = { ...value, [`x${extra}`]: 1 };
        expect(Object.keys(readPolicy(stored))).toEqual(POLICY_KEYS);
        expect(Object.keys(PracticePolicy.parse(stored))).toEqual(POLICY_KEYS);
      }),
    );
  });
});
