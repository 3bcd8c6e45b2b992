import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_PARTS,
  DAY_PART_MINUTES,
  WORKING_DAY_END_MINUTE,
  WORKING_DAY_START_MINUTE,
} from './constants';
import { ERRORS, errorMessage } from './errors';

describe('day parts', () => {
  it('cover every working minute exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: WORKING_DAY_START_MINUTE, max: WORKING_DAY_END_MINUTE - 1 }),
        (minute) => {
          const owners = DAY_PARTS.filter((part) => {
            const { start, end } = DAY_PART_MINUTES[part];
            return minute >= start && minute < end;
          });
          expect(owners).toHaveLength(1);
        },
      ),
    );
  });
});

describe('error catalogue', () => {
  it('gives every code a client or server status and a sentence', () => {
    for (const { status, message } of Object.values(ERRORS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(message).toMatch(/^[A-Z].*[.!]$/);
    }
  });

  it('falls back to the server-error text for an unknown code', () => {
    expect(errorMessage('SOMETHING_ELSE')).toBe(ERRORS.INTERNAL.message);
    expect(errorMessage('NOT_FOUND')).toBe('Not found.');
  });
});
