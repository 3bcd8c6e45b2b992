import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutParams, CheckoutSuccess } from '@sukoon/shared';
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
) {
  const onChanged = vi.fn(async () => undefined);
  const onClose = vi.fn();
  render(
    <CancelAppointmentDialog
      role={role}
      target={targetFromEvent(event, role, 'Asia/Kolkata')}
      now={now}
      checkout={checkout}
      onChanged={onChanged}
      onClose={onClose}
    />,
  );
  return { onChanged, onClose, checkout };
}

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
    expect(dialog.textContent).toContain('free of charge');
    expect(dialog.textContent).toContain('The ₹900 you paid is refunded in full');
    expect(dialog.textContent).toContain('Tue, Mar 10 · 11:00 AM – 11:45 AM');
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
    expect(screen.getByRole('status').textContent).toBe(
      'The session is canceled. You paid the ₹100 cancellation fee, and meera_k is refunded the ₹900 they paid, in full.',
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
