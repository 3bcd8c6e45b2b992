import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, PSYCHOLOGIST_MOVE_POLICY } from '@sukoon/shared';
import { makeEvent, stubApi } from '../../testing/render';
import { moveTargetFromEvent } from './move-target';
import { MoveDecisionDialog } from './move-decision-dialog';
import type { RescheduleMode } from '../../lib/reschedule-mode';
import { RescheduleDialog } from './reschedule-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The session: Tue 10 Mar 2026, 11:00 AM in India; now: Sun 8 Mar, 11:30 AM.
const NOW = new Date('2026-03-08T06:00:00.000Z');
const NEW_START = new Date('2026-03-12T06:00:00.000Z');
const event = makeEvent();

/** A stand-in for the time picker: buttons that pick Thu 12 Mar, 11:30 AM at either length. */
function fakePicker(seen: RescheduleMode[]) {
  return (mode: RescheduleMode, onPick: (start: Date, durationMinutes: 20 | 45) => void) => {
    seen.push(mode);
    return (
      <>
        <button type="button" onClick={() => onPick(NEW_START, mode.durationMinutes)}>
          Pick Thursday
        </button>
        <button type="button" onClick={() => onPick(NEW_START, 20)}>
          Pick Thursday, 20 min
        </button>
        <button type="button" onClick={() => onPick(NEW_START, 45)}>
          Pick Thursday, 45 min
        </button>
      </>
    );
  };
}

const moved = (overrides = {}, refund: number | null = null) => ({
  data: {
    outcome: 'moved',
    event: { ...event, startDate: NEW_START.toISOString(), ...overrides },
    refund_paise: refund,
  },
});

function renderDialog(overrides: Partial<Parameters<typeof RescheduleDialog>[0]> = {}) {
  const props = {
    role: 'patient' as const,
    target: moveTargetFromEvent(event, 'patient', 'Asia/Kolkata'),
    now: NOW,
    renderPicker: fakePicker([]),
    payDifference: vi.fn(() => Promise.resolve('paid' as const)),
    onChanged: vi.fn(() => Promise.resolve()),
    onClose: vi.fn(),
    ...overrides,
  };
  render(<RescheduleDialog {...props} />);
  return props;
}

describe('RescheduleDialog', () => {
  it('lets a patient pick a time of the same length under their policy, shows old and new, and moves it', async () => {
    const calls = stubApi(() => moved());
    const modes: RescheduleMode[] = [];
    const props = renderDialog({ renderPicker: fakePicker(modes) });
    expect(modes[0]).toEqual({
      durationMinutes: 45,
      policy: DEFAULT_PRACTICE_POLICY,
      current: { startDate: event.startDate, endDate: event.endDate },
      // Its length may change too, at the fees it was booked at.
      lengths: { rates: { session_20_minute_rate: 500, session_45_minute_rate: 900 } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pick Thursday' }));
    expect(screen.getByText(/^Tue 10 Mar( 2026)?, 11:00 AM/, { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText(/^Thu 12 Mar( 2026)?, 11:30 AM/, { selector: 'dd' })).toBeTruthy();
    expect(
      screen.getByText(
        /You can move it up to 2 times, until Wed 11 Mar( 2026)?, 11:30 AM( IST)?\. After this move you have 1 move left/,
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move session' }));
    expect(await screen.findByText(/Moved to Thu 12 Mar( 2026)?, 11:30 AM/)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: `/api/bookings/${event.id}/reschedule`,
        query: undefined,
        body: { start_time: NEW_START.toISOString(), duration_minutes: 45 },
      },
    ]);
    expect(props.onChanged).toHaveBeenCalled();
  });

  it('a shorter session: the difference at the booked fees comes back, and the dialog says so', async () => {
    const calls = stubApi(() => moved({ durationMinutes: 20 }, 40_000));
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Pick Thursday, 20 min' }));
    expect(screen.getByText(/11:30 AM.* · 20 min/, { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText(/₹400(\.00)? comes back to you/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change session' }));
    expect(
      await screen.findByText(/Now a 20-minute session, .*₹400(\.00)? is being refunded/),
    ).toBeTruthy();
    expect(calls[0]?.body).toEqual({ start_time: NEW_START.toISOString(), duration_minutes: 20 });
  });

  it('a longer session: pays the difference through the checkout first, then it is changed', async () => {
    const short = makeEvent({
      durationMinutes: 20,
      endDate: '2026-03-10T05:50:00.000Z',
      pricePaise: 50_000,
    });
    const required = {
      outcome: 'payment_required',
      booking_id: short.id,
      amount: 40_000,
      currency: 'INR',
      order_id: 'order_1',
      expires_at: '2026-03-08T06:10:00.000Z',
      checkout: {
        provider: 'sandbox',
        key: 'k',
        order_id: 'order_1',
        amount: 40_000,
        currency: 'INR',
        name: 'Sukoon',
        description: 'Longer session',
      },
    };
    stubApi(() => ({ data: required }));
    const payDifference = vi.fn(() => Promise.resolve('dismissed' as const));
    renderDialog({ target: moveTargetFromEvent(short, 'patient', 'Asia/Kolkata'), payDifference });
    fireEvent.click(screen.getByRole('button', { name: 'Pick Thursday, 45 min' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pay ₹400(\.00)? and change$/ }));
    // Closed without paying: nothing changed, and the time stays kept for a while.
    expect(
      await screen.findByText(/Payment not completed, so nothing changed.*until 11:40 AM/),
    ).toBeTruthy();
    expect(payDifference).toHaveBeenCalledWith(required);
    // Paid, but the server could not be reached to confirm it: no second Pay button.
    payDifference.mockResolvedValueOnce({ unconfirmed: true } as never);
    fireEvent.click(screen.getByRole('button', { name: /^Pay ₹400(\.00)? and change$/ }));
    expect(await screen.findByText(/Please do not pay\s+again/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('a longer session paid and verified is changed', async () => {
    const short = makeEvent({ durationMinutes: 20, endDate: '2026-03-10T05:50:00.000Z' });
    stubApi(() => ({
      data: {
        outcome: 'payment_required',
        booking_id: short.id,
        amount: 40_000,
        currency: 'INR',
        order_id: 'order_2',
        expires_at: '2026-03-08T06:10:00.000Z',
        checkout: {
          provider: 'sandbox',
          key: 'k',
          order_id: 'order_2',
          amount: 40_000,
          currency: 'INR',
          name: 'Sukoon',
          description: 'Session change',
        },
      },
    }));
    const payDifference = vi.fn(() => Promise.resolve('paid' as const));
    renderDialog({ target: moveTargetFromEvent(short, 'patient', 'Asia/Kolkata'), payDifference });
    fireEvent.click(screen.getByRole('button', { name: 'Pick Thursday, 45 min' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pay ₹400(\.00)? and change$/ }));
    expect(await screen.findByText(/Now a 45-minute session, .*₹400(\.00)? paid/)).toBeTruthy();
  });

  it('says plainly when this move is the last one the policy allows', () => {
    renderDialog({
      target: moveTargetFromEvent(makeEvent({ patientMoves: 1 }), 'patient', 'Asia/Kolkata'),
      initialStart: NEW_START,
    });
    expect(
      screen.getByText('This is the last time this session can be moved online.'),
    ).toBeTruthy();
  });

  it('says why a patient may not move it, and offers to cancel instead', () => {
    const onCancelInstead = vi.fn();
    renderDialog({
      target: moveTargetFromEvent(makeEvent({ patientMoves: 2 }), 'patient', 'Asia/Kolkata'),
      onCancelInstead,
    });
    expect(screen.getByText(/already been moved 2 times/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pick Thursday' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    expect(onCancelInstead).toHaveBeenCalled();
  });

  it('for a psychologist: a day’s notice only, the email sentence, and a taken time goes back to choosing with the server’s message', async () => {
    stubApi(() => ({
      status: 409,
      error: {
        code: 'SLOT_TAKEN',
        message: 'That slot has just been taken. Please choose another time.',
      },
    }));
    const modes: RescheduleMode[] = [];
    const props = renderDialog({
      role: 'psychologist',
      target: moveTargetFromEvent(event, 'psychologist', 'Asia/Kolkata'),
      initialStart: NEW_START,
      renderPicker: fakePicker(modes),
    });
    expect(
      screen.getByText(
        'The patient will be emailed and can keep the new time or cancel for a full refund.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move session' }));
    expect(await screen.findByText(/That slot has just been taken/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pick Thursday' })).toBeTruthy();
    // The psychologist's own calendar, but at least a day ahead: the patient must have time to answer.
    expect(modes[0]?.policy).toEqual(PSYCHOLOGIST_MOVE_POLICY);
    // A patient's fee is the patient's to change: the psychologist keeps its length.
    expect(modes[0]?.lengths).toBeNull();
    expect(props.onChanged).toHaveBeenCalled();
  });
});

describe('MoveDecisionDialog', () => {
  it('sends the emailed answer with its token and shows the refund', async () => {
    const calls = stubApi(() => ({
      data: { booking_id: event.id, decision: 'cancel', refund_paise: 90_000 },
    }));
    render(
      <MoveDecisionDialog
        source={{ kind: 'email', token: 't'.repeat(43) }}
        decision="cancel"
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('Cancel this session and get a full refund?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel for a full refund' }));
    expect(await screen.findByText(/₹900(\.00)? is refunded in full/)).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/move-decisions',
      body: { token: 't'.repeat(43), decision: 'cancel' },
    });
  });

  it('keeps a signed-in patient’s session, and shows the server’s refusal', async () => {
    const calls = stubApi(() => ({
      status: 409,
      error: { code: 'NO_MOVE_PENDING', message: 'There is no move to answer for this session.' },
    }));
    render(
      <MoveDecisionDialog
        source={{ kind: 'session', bookingId: event.id }}
        decision="keep"
        onClose={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep the new time' }));
    await waitFor(() =>
      expect(screen.getByText('There is no move to answer for this session.')).toBeTruthy(),
    );
    expect(calls[0]).toMatchObject({
      path: `/api/bookings/${event.id}/move-decision`,
      body: { decision: 'keep' },
    });
  });
});
