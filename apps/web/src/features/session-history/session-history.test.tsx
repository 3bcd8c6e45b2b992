import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@sukoon/shared';
import { englishT } from '../../i18n/i18n';
import { renderWithQuery, stubApi } from '../../testing/render';
import { describeHistoryEvent } from './history-format';
import { SessionHistory } from './session-history';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOOKING_ID = '00000000-0000-4000-8000-000000000001';
let sequence = 0;

function event(
  action: AuditEvent['action'],
  actor: AuditEvent['actor'],
  details: AuditEvent['details'] = {},
  occurredAt = '2026-11-22T04:33:00.000Z', // 10:03 AM in Kolkata
): AuditEvent {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    action,
    actor,
    details,
    occurredAt,
  };
}

const text = (e: AuditEvent) => {
  const line = describeHistoryEvent(e, 'Asia/Kolkata', englishT);
  return [line.text, line.detail];
};

describe('describeHistoryEvent', () => {
  it('says where a session moved, how its length changed and what money moved', () => {
    expect(
      text(
        event('booking.rescheduled', 'patient', {
          from: '2026-03-10T05:30:00.000Z',
          to: '2026-03-12T06:00:00.000Z',
          from_minutes: 20,
          to_minutes: 45,
          paid_paise: 40_000,
        }),
      ),
    ).toEqual([
      'Changed by the patient',
      expect.stringMatching(
        /^From Tue 10 Mar( 2026)?, 11:00 AM IST to Thu 12 Mar( 2026)?, 11:30 AM IST · 20 min → 45 min · Paid ₹400$/,
      ),
    ]);
    expect(
      text(
        event('booking.rescheduled', 'psychologist', {
          from: '2026-03-10T05:30:00.000Z',
          to: '2026-03-12T06:00:00.000Z',
        }),
      ),
    ).toEqual(['Moved by you', expect.stringMatching(/^From Tue 10 Mar.* to Thu 12 Mar/)]);
  });

  it('names each action with its label, who did it and the amounts in rupees', () => {
    expect(text(event('booking.created', 'patient', { status: 'held' }))).toEqual([
      'Created by the patient',
      'Slot held while the patient paid',
    ]);
    expect(text(event('booking.created', 'psychologist', { status: 'booked' }))).toEqual([
      'Created by you',
      null,
    ]);
    expect(
      text(
        event('booking.paid', 'patient', {
          amount_paise: 90_000,
          payment_id: 'pay_secret',
          method: 'upi',
        }),
      ),
    ).toEqual(['Paid ₹900 by the patient', 'UPI']);
    expect(
      text(
        event('booking.meeting_link_set', 'psychologist', {
          meeting_link: 'https://meet.example.com/a',
        }),
      ),
    ).toEqual(['Meeting link set by you', 'https://meet.example.com/a']);
    expect(
      text(
        event('booking.attendance_marked', 'psychologist', {
          status: 'attended',
          notes: 'written',
        }),
      ),
    ).toEqual(['Attendance marked Present by you', 'Notes updated']);
    expect(
      text(
        event('booking.attendance_marked', 'psychologist', { status: 'canceled', notes: 'kept' }),
      ),
    ).toEqual(['Attendance marked Absent by you', null]);
    expect(
      text(event('booking.attendance_marked', 'psychologist', { status: 'scheduled' })),
    ).toEqual(['Attendance reset by you', null]);
    expect(
      text(
        event('booking.canceled', 'psychologist', { refund_paise: 90_000, penalty_paise: 10_000 }),
      ),
    ).toEqual(['Canceled by you', 'Refund ₹900 · Cancellation fee ₹100']);
    expect(text(event('booking.canceled', 'patient', { refund_paise: null }))).toEqual([
      'Canceled by the patient',
      null,
    ]);
    expect(text(event('booking.refunded', 'system', { amount_paise: 1_23_456 }))).toEqual([
      'Refunded ₹1,234.56',
      null,
    ]);
    expect(text(event('booking.penalty_refunded', 'system', { amount_paise: 10_000 }))).toEqual([
      'Cancellation fee refunded ₹100',
      null,
    ]);
  });

  it('never shows a detail it does not know or that is not what it should be', () => {
    const hostile = '<img src=x onerror="window.__xss=1">';
    const lines = [
      event('booking.paid', 'patient', {
        amount_paise: 'a lot',
        method: hostile,
        ip: '203.0.113.7',
        note: hostile,
      }),
      event('booking.paid', 'patient', { amount_paise: -5 }),
      event('booking.meeting_link_set', 'psychologist', { meeting_link: 'javascript:alert(1)' }),
      event('booking.attendance_marked', 'psychologist', { status: hostile, notes: hostile }),
      event('booking.canceled', 'patient', { refund_paise: 1.5, reason: hostile }),
      event('booking.created', 'patient', { status: hostile, secret: 'x' }),
      event('booking.rescheduled', 'patient', { from: hostile, to: 5, from_minutes: 30 }),
    ].map((e) => describeHistoryEvent(e, 'Asia/Kolkata', englishT));
    expect(lines.map((line) => [line.text, line.detail])).toEqual([
      ['Paid by the patient', null],
      ['Paid by the patient', null],
      ['Meeting link set by you', null],
      ['Attendance marked by you', null],
      ['Canceled by the patient', null],
      ['Created by the patient', null],
      ['Moved by the patient', null],
    ]);
    const all = JSON.stringify(lines);
    for (const leaked of ['203.0.113.7', 'img', 'javascript', 'a lot', 'secret']) {
      expect(all).not.toContain(leaked);
    }
  });
});

describe('SessionHistory', () => {
  it('reads the history only when opened, and lists it oldest first in the psychologist’s zone', async () => {
    const calls = stubApi(() => ({
      data: [
        event('booking.created', 'patient', { status: 'held' }, '2026-11-22T04:30:00.000Z'),
        event('booking.paid', 'patient', { amount_paise: 90_000, method: 'card' }),
        event('booking.meeting_link_set', 'psychologist', {
          meeting_link: 'https://meet.example.com/room?x=1&y=2',
        }),
      ],
    }));
    renderWithQuery(<SessionHistory bookingId={BOOKING_ID} timeZone="Asia/Kolkata" />);
    const toggle = screen.getByRole('button', { name: /History/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls).toEqual([]);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list');
    expect(calls).toEqual([
      { method: 'GET', path: `/api/bookings/${BOOKING_ID}/history`, body: undefined },
    ]);
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Created by the patientNov 22, 10:00 AM · Slot held while the patient paid',
      'Paid ₹900 by the patientNov 22, 10:03 AM · Card',
      'Meeting link set by youNov 22, 10:03 AM · https://meet.example.com/room?x=1&y=2',
    ]);
    // A stored string is text, never markup or a link.
    expect(list.querySelector('b, a')).toBeNull();

    fireEvent.click(toggle);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when nothing is recorded, and shows a failure with a way to try again', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? { status: 500, error: { code: 'INTERNAL', message: 'Something went wrong.' } }
        : { data: [] },
    );
    renderWithQuery(<SessionHistory bookingId={BOOKING_ID} timeZone="Asia/Kolkata" />);
    fireEvent.click(screen.getByRole('button', { name: /History/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing recorded for this session yet.')).toBeTruthy();
  });
});
