import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadRefund } from './session-payments';

describe('spreadRefund', () => {
  it('takes the newest payments first, never more than what is left of each or than is due', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 500_000 }),
        (left, amount) => {
          const parts = spreadRefund(left, amount);
          const total = left.reduce((sum, value) => sum + value, 0);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(Math.min(amount, total));
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(left[index]!);
            // A later (older) payment is touched only once the newer ones are used up.
            if (part > 0) {
              for (const newer of left.slice(0, index))
                expect(parts[left.indexOf(newer)]).toBe(newer);
            }
          });
        },
      ),
    );
  });

  it('a session paid ₹500 then ₹400, refunded ₹600: ₹400 from the second, ₹200 from the first', () => {
    expect(spreadRefund([40_000, 50_000], 60_000)).toEqual([40_000, 20_000]);
  });
});
