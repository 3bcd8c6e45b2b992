import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacHex, razorpayStyleId, signaturesMatch } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';
import type { Database } from '../../db/client';

const orderIds = fc.stringMatching(/^order_[A-Za-z0-9]{14}$/);
const paymentIds = fc.stringMatching(/^pay_[A-Za-z0-9]{14}$/);

describe('payment signatures', () => {
  it("signs in Razorpay's exact format: HMAC-SHA256 hex of order_id|payment_id", () => {
    // The sandbox never touches the database to sign, so no database is needed here.
    const sandbox = createSandboxProvider({} as Database, 'known-secret');
    const expected = createHmac('sha256', 'known-secret')
      .update('order_IluGWxBm9U8zJ8|pay_IluGWxBm9U8zJ9')
      .digest('hex');
    expect(sandbox.checkoutSignature('order_IluGWxBm9U8zJ8', 'pay_IluGWxBm9U8zJ9')).toBe(expected);
  });

  it('accepts exactly the signature of the same pair and rejects any other', () => {
    fc.assert(
      fc.property(
        orderIds,
        paymentIds,
        orderIds,
        fc.nat(63),
        (orderId, paymentId, otherOrder, position) => {
          const signature = hmacHex('secret', `${orderId}|${paymentId}`);
          expect(signaturesMatch(hmacHex('secret', `${orderId}|${paymentId}`), signature)).toBe(
            true,
          );
          const flipped =
            signature.slice(0, position) +
            (signature[position] === '0' ? '1' : '0') +
            signature.slice(position + 1);
          expect(signaturesMatch(signature, flipped)).toBe(false);
          expect(signaturesMatch(signature, signature.slice(0, 63))).toBe(false);
          expect(signaturesMatch(signature, `${signature}00`)).toBe(false);
          expect(signaturesMatch(signature, 'z'.repeat(64))).toBe(false);
          if (otherOrder !== orderId) {
            expect(
              signaturesMatch(hmacHex('secret', `${otherOrder}|${paymentId}`), signature),
            ).toBe(false);
          }
        },
      ),
    );
  });

  it("makes ids in Razorpay's shape", () => {
    expect(razorpayStyleId('order')).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(razorpayStyleId('pay')).toMatch(/^pay_[A-Za-z0-9]{14}$/);
  });
});
