import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSuccess } from '@sukoon/shared';
import { targetFromEvent } from '../features/cancellation/cancel-api';
import { openCheckout } from '../features/payments/open-checkout';
import { verifyPayment } from '../features/payments/payments-api';
import { ApiError } from '../lib/api-client';
import { makeEvent, renderWithQuery, stubApi } from '../testing/render';
import { useCancelLayer } from './cancel-layer';

vi.mock('../features/payments/open-checkout', () => ({ openCheckout: vi.fn() }));
vi.mock('../features/payments/payments-api', () => ({ verifyPayment: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(openCheckout).mockReset();
  vi.mocked(verifyPayment).mockReset();
});

const now = new Date('2026-03-09T06:00:00.000Z');
const session = makeEvent();
const paid: CheckoutSuccess = {
  razorpay_order_id: 'order_Penalty0000001',
  razorpay_payment_id: 'pay_Penalty0000001',
  razorpay_signature: 'a'.repeat(64),
};

function Harness() {
  const cancel = useCancelLayer('psychologist', now);
  return (
    <>
      <button
        type="button"
        onClick={() => cancel.open(targetFromEvent(session, 'psychologist', 'Asia/Kolkata'))}
      >
        Delete Event
      </button>
      {cancel.layer}
    </>
  );
}

describe('the cancel layer', () => {
  it('closed and reopened over a paid fee it has not confirmed, confirms that payment instead of charging again', async () => {
    const calls = stubApi(() => ({
      data: {
        outcome: 'penalty_required',
        booking_id: session.id,
        amount: 10_000,
        currency: 'INR',
        order_id: paid.razorpay_order_id,
        checkout: {
          provider: 'sandbox',
          key: 'rzp_test_sandbox',
          order_id: paid.razorpay_order_id,
          amount: 10_000,
          currency: 'INR',
          name: 'Sukoon',
          description: 'Cancellation fee',
        },
      },
    }));
    vi.mocked(openCheckout).mockResolvedValue(paid);
    vi.mocked(verifyPayment)
      .mockRejectedValueOnce(
        new ApiError(
          502,
          'PAYMENT_PROVIDER_UNAVAILABLE',
          'The payment provider could not be reached.',
        ),
      )
      .mockResolvedValueOnce({
        orderId: paid.razorpay_order_id,
        paymentId: paid.razorpay_payment_id,
        purpose: 'penalty',
        referenceId: session.id,
        amountPaise: 10_000,
        currency: 'INR',
        status: 'paid',
      });
    renderWithQuery(<Harness />);

    // The dialog's code is fetched the first time it opens (it is not part of the first load).
    fireEvent.click(screen.getByRole('button', { name: 'Delete Event' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹100 and cancel' }));
    await screen.findByRole('button', { name: 'Try again' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Event' }));
    expect(
      await screen.findByText('Payment received — confirming your cancellation…'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay ₹100 and cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Done' });

    expect(openCheckout).toHaveBeenCalledOnce();
    expect(vi.mocked(verifyPayment).mock.calls).toEqual([[paid], [paid]]);
    expect(calls.filter((call) => call.path.startsWith('/api/bookings/cancel-user/'))).toHaveLength(
      1,
    );

    // Confirmed, it is forgotten: the next opening starts afresh.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Event' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹100 and cancel' })).toBeTruthy();
  });
});
