import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, type CheckoutParams, type CheckoutSuccess } from '@sukoon/shared';
import { ApiError } from '../../lib/api-client';
import { makeEvent, stubApi } from '../../testing/render';
import { targetFromEvent } from './cancel-api';
import { CancelAppointmentDialog, type PenaltyCheckout } from './cancel-appointment-dialog';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const now = new Date('2026-03-09T06:00:00.000Z'); // the day before the session
const session = makeEvent(); // 10 Mar, 11:00 AM in Kolkata, ₹900 paid by meera_k
const CANCEL_PATH = `/api/bookings/cancel-user/${session.id}`;
const checkoutParams: CheckoutParams = {
  provider: 'sandbox',
  key: 'rzp_test_sandbox',
  order_id: 'order_Penalty0000001',
  amount: 10_000,
  currency: 'INR',
  name: 'Sukoon',
  description: 'Cancellation fee',
};
const paid: CheckoutSuccess = {
  razorpay_order_id: checkoutParams.order_id,
  razorpay_payment_id: 'pay_Penalty0000001',
  razorpay_signature: 'a'.repeat(64),
};

function renderDialog(
  role: 'patient' | 'psychologist',
  event = session,
  checkout: PenaltyCheckout = { open: vi.fn(), verify: vi.fn() },
  extra: Partial<ComponentProps<typeof CancelAppointmentDialog>> = {},
) {
  const onChanged = vi.fn(async () => undefined);
  const onClose = vi.fn();
  const onPaidPenaltyChange = vi.fn();
  render(
    <CancelAppointmentDialog
      role={role}
      target={targetFromEvent(event, role, 'Asia/Kolkata')}
      now={now}
      checkout={checkout}
      viewerZone="Asia/Kolkata"
      onPaidPenaltyChange={onPaidPenaltyChange}
      onChanged={onChanged}
      onClose={onClose}
      {...extra}
    />,
  );
  return { onChanged, onClose, onPaidPenaltyChange, checkout };
}

/** The cancel call's answer for a psychologist: pay the ₹100 fee in the checkout first. */
const penaltyRequired = {
  data: {
    outcome: 'penalty_required',
    booking_id: session.id,
    amount: 10_000,
    currency: 'INR',
    order_id: checkoutParams.order_id,
    checkout: checkoutParams,
  },
};

const PAY = 'Pay ₹100 and cancel';

describe('Cancel Appointment, patient', () => {
  it('is a free confirmation that cancels 0.5 s after confirming and shows the refund', async () => {
    vi.useFakeTimers();
    const calls = stubApi(() => ({
      data: {
        outcome: 'canceled',
        booking_id: session.id,
        refund: { status: 'processed', amount: 90_000, currency: 'INR', attempts: 1 },
      },
    }));
    const { onChanged } = renderDialog('patient');
    const dialog = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    expect(dialog.textContent).toContain(
      'Free cancellation: your ₹900 is refunded in full to your original payment method.',
    );
    expect(dialog.textContent).toContain('Tue 10 Mar · 11:00 AM – 11:45 AM');
    expect(dialog.textContent).not.toContain('₹100');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Canceling...' }).disabled).toBe(
      true,
    );
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toEqual([{ method: 'PATCH', path: CANCEL_PATH, body: undefined }]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onChanged).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe(
      'The session is canceled. Refunded ₹900 to your original payment method.',
    );
  });

  // Booked under 24 h free, then half back; `now` is 23 h 30 min before the start.
  const lateSession = makeEvent({
    policy: {
      ...DEFAULT_PRACTICE_POLICY,
      lateCancelWindowMinutes: 24 * 60,
      lateCancelRefundPercent: 50,
    },
  });

  it('says a cancellation inside the late window refunds the policy’s share, and shows the server’s refund', async () => {
    stubApi(() => ({
      data: {
        outcome: 'canceled',
        booking_id: session.id,
        refund: { status: 'processed', amount: 45_000, currency: 'INR', attempts: 1 },
      },
    }));
    renderDialog('patient', lateSession);
    const dialog = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    expect(dialog.textContent).toContain('This is a late cancellation.');
    expect(dialog.textContent).toContain(
      '₹450 of your ₹900 is refunded (50\u00a0%), as the policy you booked under says.',
    );
    expect(dialog.textContent).not.toContain('Free cancellation');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The session is canceled. Refunded ₹450 of the ₹900 you paid, to your original payment method.',
      ),
    );
  });

  it('is free before the late window opens, by the same policy', () => {
    stubApi(() => ({ data: null }));
    renderDialog('patient', lateSession, undefined, {
      now: new Date('2026-03-09T05:00:00.000Z'), // 24 h 30 min before the start
    });
    const dialog = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    expect(dialog.textContent).toContain('Free cancellation: your ₹900 is refunded in full');
    expect(dialog.textContent).not.toContain('late cancellation');
  });

  it('says nothing is refunded when the policy refunds nothing and the server refunds nothing', async () => {
    stubApi(() => ({ data: { outcome: 'canceled', booking_id: session.id, refund: null } }));
    renderDialog(
      'patient',
      makeEvent({
        policy: {
          ...DEFAULT_PRACTICE_POLICY,
          lateCancelWindowMinutes: 48 * 60,
          lateCancelRefundPercent: 0,
        },
      }),
    );
    expect(
      screen.getByText(/Nothing of your ₹900 is refunded, as the policy you booked under says\./),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The session is canceled. Nothing of the ₹900 you paid is refunded, as the policy you booked under says.',
      ),
    );
  });

  it('says when the refund is pending and being retried', async () => {
    stubApi(() => ({
      data: {
        outcome: 'canceled',
        booking_id: session.id,
        refund: { status: 'pending', amount: 90_000, currency: 'INR', attempts: 2 },
      },
    }));
    renderDialog('patient');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.getByText(/Refund pending: ₹900/)).toBeTruthy());
    expect(screen.getByText(/retried automatically/)).toBeTruthy();
  });

  it("shows the server's message when it refuses, and then only offers Close", async () => {
    stubApi(() => ({
      status: 409,
      error: {
        code: 'SESSION_ALREADY_STARTED',
        message: 'This session has already started or ended, so it can no longer be canceled.',
      },
    }));
    const { onChanged } = renderDialog('patient');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This session has already started or ended, so it can no longer be canceled.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Cancel session' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
    expect(onChanged).toHaveBeenCalled();
  });

  it('offers no cancel for a session that has started', () => {
    render(
      <CancelAppointmentDialog
        role="patient"
        target={targetFromEvent(session, 'patient', 'Asia/Kolkata')}
        now={new Date('2026-03-10T05:40:00.000Z')}
        checkout={{ open: vi.fn(), verify: vi.fn() }}
        onChanged={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        'This session has already started or ended, so it can no longer be canceled.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel session' })).toBeNull();
  });
});

describe('Cancel Appointment, psychologist', () => {
  it("shows the ₹100 fee first, pays it in the checkout, and the patient's refund follows", async () => {
    const calls = stubApi(() => ({
      data: {
        outcome: 'penalty_required',
        booking_id: session.id,
        amount: 10_000,
        currency: 'INR',
        order_id: checkoutParams.order_id,
        checkout: checkoutParams,
      },
    }));
    const checkout = { open: vi.fn(async () => paid), verify: vi.fn(async () => ({})) };
    const { onChanged } = renderDialog('psychologist', session, checkout);
    const dialog = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    expect(dialog.textContent).toContain('Cancellation fee₹100');
    expect(dialog.textContent).toContain('meera_k is refunded the ₹900 they paid, in full');

    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹100 and cancel' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(calls.map((call) => call.path)).toEqual([CANCEL_PATH]);
    expect(checkout.open).toHaveBeenCalledWith(checkoutParams);
    expect(checkout.verify).toHaveBeenCalledWith(paid);
    // verify-payment's answer says nothing of the patient's refund: it is under way, not done.
    expect(screen.getByRole('status').textContent).toBe(
      'The session is canceled. You paid the ₹100 cancellation fee, and meera_k is being refunded the ₹900 they paid, in full.',
    );
  });

  it('says the patient is refunded only when the answer shows the refund processed', async () => {
    stubApi(() => penaltyRequired);
    const checkout = {
      open: vi.fn(async () => paid),
      verify: vi.fn(async () => ({
        refund: { status: 'processed', amount: 90_000, currency: 'INR', attempts: 1 },
      })),
    };
    renderDialog('psychologist', session, checkout);
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The session is canceled. You paid the ₹100 cancellation fee, and meera_k is refunded the ₹900 they paid, in full.',
      ),
    );
  });

  it('stops quietly when the checkout is dismissed: the session stands', async () => {
    stubApi(() => ({
      data: {
        outcome: 'penalty_required',
        booking_id: session.id,
        amount: 10_000,
        currency: 'INR',
        order_id: checkoutParams.order_id,
        checkout: checkoutParams,
      },
    }));
    const checkout = { open: vi.fn(async () => 'dismissed' as const), verify: vi.fn() };
    const { onChanged } = renderDialog('psychologist', session, checkout);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹100 and cancel' }));
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>('button', { name: 'Pay ₹100 and cancel' }).disabled,
      ).toBe(false),
    );
    expect(checkout.verify).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows why the fee came back when the session changed meanwhile (PENALTY_REFUNDED)', async () => {
    stubApi(() => ({
      data: {
        outcome: 'penalty_required',
        booking_id: session.id,
        amount: 10_000,
        currency: 'INR',
        order_id: checkoutParams.order_id,
        checkout: checkoutParams,
      },
    }));
    const message =
      'The session could not be canceled (it was already canceled or has started), so your cancellation fee has been refunded in full.';
    const checkout = {
      open: vi.fn(async () => paid),
      verify: vi.fn(async () => {
        throw new ApiError(409, 'PENALTY_REFUNDED', message);
      }),
    };
    renderDialog('psychologist', session, checkout);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹100 and cancel' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
  });

  it('cancels an event without a patient with a plain confirmation and no fee', async () => {
    const own = makeEvent({
      patientId: null,
      patientName: null,
      title: 'Supervision',
      pricePaise: 0,
    });
    stubApi(() => ({ data: { outcome: 'canceled', booking_id: own.id, refund: null } }));
    renderDialog('psychologist', own);
    const dialog = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    expect(dialog.textContent).toContain('no patient booking, so there is no fee');
    expect(dialog.textContent).not.toContain('₹');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    await waitFor(() =>
      expect(screen.getByText('The event is canceled and its time is free again.')).toBeTruthy(),
    );
  });
});

describe('Cancel Appointment, a paid fee is never charged twice nor lost', () => {
  const notConfirmed = [
    ['a network error', new ApiError(0, 'NETWORK_ERROR', 'Network error. Please try again.')],
    [
      'a 502 from the payment provider',
      new ApiError(
        502,
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'The payment provider could not be reached. Please try again in a moment.',
      ),
    ],
    [
      'a 429 (rate limited)',
      new ApiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'),
    ],
    ['a 401 (signed out)', new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue.')],
  ] as const;

  it.each(notConfirmed)(
    'after %s, keeps the payment and retries the same verification, never a new checkout',
    async (_what, failure) => {
      const calls = stubApi(() => penaltyRequired);
      const checkout = {
        open: vi.fn(async () => paid),
        verify: vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce({}),
      };
      const { onChanged, onPaidPenaltyChange } = renderDialog('psychologist', session, checkout);
      fireEvent.click(screen.getByRole('button', { name: PAY }));

      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(failure.message));
      expect(screen.getByRole('status').textContent).toContain(
        'Payment received — confirming your cancellation…',
      );
      expect(screen.getByRole('status').textContent).toContain(
        'it is either applied to this cancellation or refunded to you in full',
      );
      expect(screen.queryByRole('button', { name: PAY })).toBeNull();
      expect(onPaidPenaltyChange).toHaveBeenLastCalledWith(paid);
      expect(onChanged).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy());
      expect(checkout.open).toHaveBeenCalledOnce();
      expect(checkout.verify.mock.calls).toEqual([[paid], [paid]]);
      expect(calls.map((call) => call.path)).toEqual([CANCEL_PATH]);
      expect(onPaidPenaltyChange).toHaveBeenLastCalledWith(null);
      expect(onChanged).toHaveBeenCalledOnce();
      expect(screen.getByRole('status').textContent).toContain('The session is canceled.');
    },
  );

  it('shows Confirming... while the retry is on its way, and Close is held', async () => {
    stubApi(() => penaltyRequired);
    let answer: () => void = () => undefined;
    const checkout = {
      open: vi.fn(async () => paid),
      verify: vi
        .fn()
        .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'Network error.'))
        .mockImplementationOnce(() => new Promise<void>((resolve) => (answer = resolve))),
    };
    renderDialog('psychologist', session, checkout);
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirming...' }).disabled).toBe(
      true,
    );
    expect(
      screen
        .getAllByRole<HTMLButtonElement>('button', { name: 'Close' })
        .find((button) => button.textContent === 'Close')!.disabled,
    ).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => answer());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy());
  });

  it('ends in the refused state only on a definitive answer (PENALTY_REFUNDED on a retry)', async () => {
    stubApi(() => penaltyRequired);
    const message =
      'The session could not be canceled (it was already canceled or has started), so your cancellation fee has been refunded in full.';
    const checkout = {
      open: vi.fn(async () => paid),
      verify: vi
        .fn()
        .mockRejectedValueOnce(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Try again later.'))
        .mockRejectedValueOnce(new ApiError(409, 'PENALTY_REFUNDED', message)),
    };
    const { onChanged, onPaidPenaltyChange } = renderDialog('psychologist', session, checkout);
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: PAY })).toBeNull();
    expect(screen.queryByText(/Payment received/)).toBeNull();
    expect(onPaidPenaltyChange).toHaveBeenLastCalledWith(null);
    expect(onChanged).toHaveBeenCalledOnce();
    expect(checkout.open).toHaveBeenCalledOnce();
  });

  it('picks up a fee paid in an earlier opening: it confirms that payment, with no new checkout', async () => {
    const calls = stubApi(() => penaltyRequired);
    const checkout = { open: vi.fn(), verify: vi.fn(async () => ({})) };
    const { onChanged } = renderDialog('psychologist', session, checkout, { paidPenalty: paid });
    expect(screen.getByRole('status').textContent).toContain(
      'Payment received — confirming your cancellation…',
    );
    expect(screen.queryByRole('button', { name: PAY })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(checkout.verify).toHaveBeenCalledWith(paid);
    expect(checkout.open).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});

describe('Cancel Appointment, which refusals are final', () => {
  it.each([
    [429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'],
    [401, 'UNAUTHENTICATED', 'Please sign in to continue.'],
    [503, 'SERVICE_UNAVAILABLE', 'The service is unavailable. Please try again later.'],
  ])('a %i lets the patient try again', async (status, code, message) => {
    let first = true;
    const calls = stubApi(() => {
      if (first) {
        first = false;
        return { status, error: { code, message } };
      }
      return { data: { outcome: 'canceled', booking_id: session.id, refund: null } };
    });
    const { onChanged } = renderDialog('patient');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy());
    expect(calls).toHaveLength(2);
  });

  it('a network error lets the patient try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderDialog('patient');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Network error/));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel session' }).disabled).toBe(
      false,
    );
  });

  it('a 404 is final: only Close is left', async () => {
    stubApi(() => ({
      status: 404,
      error: { code: 'BOOKING_NOT_FOUND', message: 'That booking could not be found.' },
    }));
    const { onChanged } = renderDialog('psychologist');
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('That booking could not be found.'),
    );
    expect(screen.queryByRole('button', { name: PAY })).toBeNull();
    expect(onChanged).toHaveBeenCalledOnce();
  });
});

describe("Cancel Appointment in the viewer's own zone", () => {
  it('adds "Your time" with both zones named where the device zone differs', () => {
    renderDialog('patient', session, undefined, { viewerZone: 'America/New_York' });
    const dialog = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    expect(dialog.textContent).toContain(
      'Tue 10 Mar · 11:00 AM – 11:45 AM (IST)Your time: Tue 10 Mar · 1:30 AM – 2:15 AM (EDT)',
    );
  });

  it('shows one time, with no "Your time", where the zones agree', () => {
    renderDialog('patient');
    const dialog = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    expect(dialog.textContent).toContain('Tue 10 Mar · 11:00 AM – 11:45 AM');
    expect(dialog.textContent).not.toContain('Your time');
  });
});
