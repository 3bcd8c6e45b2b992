import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRACTICE_POLICY } from '@sukoon/shared';
import hi from '../../i18n/hi.json';
import { I18nProvider } from '../../i18n/i18n';
import { PaymentDialog, type PaymentSummary } from './payment-dialog';

afterEach(cleanup);

const start = new Date('2026-12-02T04:30:00.000Z'); // 10:00 AM in Kolkata
function summary(heldForMs: number): PaymentSummary {
  return {
    service: '20-minute session with Dr. Asha Rao',
    issue: 'Exams',
    start,
    end: new Date(start.getTime() + 20 * 60_000),
    durationMinutes: 20,
    amountPaise: 50_000,
    timeZone: 'Asia/Kolkata',
    heldUntil: new Date(Date.now() + heldForMs),
  };
}

function open(heldForMs: number) {
  render(
    <PaymentDialog
      summary={summary(heldForMs)}
      provider="sandbox"
      testMode
      busy={false}
      error={null}
      onPay={() => {}}
      onClose={() => {}}
    />,
  );
}

describe('PaymentDialog: how long the slot stays held', () => {
  it('says ten minutes for a hold just placed', () => {
    open(10 * 60_000);
    expect(screen.getByText('The slot is held for you for 10 minutes while you pay.')).toBeTruthy();
  });

  it('says what is left of a hold whose payment is resumed', () => {
    open(4 * 60_000 + 10_000);
    expect(screen.getByText('The slot is held for you for 4 minutes while you pay.')).toBeTruthy();
  });

  it('never says less than a minute', () => {
    open(5_000);
    expect(screen.getByText('The slot is held for you for 1 minute while you pay.')).toBeTruthy();
  });
});

describe('PaymentDialog: a long issue (issue 17, defect 9)', () => {
  it('keeps Pay in the dialog’s foot, which stays in view while the summary scrolls', () => {
    render(
      <PaymentDialog
        summary={{ ...summary(10 * 60_000), issue: 'I cannot sleep. '.repeat(120) }}
        provider="sandbox"
        testMode
        busy={false}
        error={null}
        onPay={() => {}}
        onClose={() => {}}
      />,
    );
    const foot = screen.getByRole('button', { name: 'Pay ₹500' }).parentElement!;
    // Layout itself is checked on a phone in e2e/tests/booking.spec.ts; here, the structure: the
    // foot sticks to the dialog's bottom and holds no part of the summary.
    expect(foot.className).toMatch(/(^|\s)sticky(\s|$)/);
    expect(foot.textContent).not.toContain('I cannot sleep.');
    expect(foot.textContent).toContain('Secure payment by');
  });
});

describe('PaymentDialog: the terms of the session (issue 18)', () => {
  it('shows the cancellation and reschedule terms of the chosen start before Pay', () => {
    render(
      <PaymentDialog
        summary={{
          ...summary(10 * 60_000),
          policy: {
            ...DEFAULT_PRACTICE_POLICY,
            lateCancelWindowMinutes: 24 * 60,
            lateCancelRefundPercent: 50,
            rescheduleNoticeMinutes: 12 * 60,
            patientMovesPerSession: 1,
          },
        }}
        provider="sandbox"
        testMode
        busy={false}
        error={null}
        onPay={() => {}}
        onClose={() => {}}
      />,
    );
    const terms = screen.getByRole('region', { name: 'Cancellation and changes' });
    expect(terms.textContent).toContain(
      'Free cancellation until Tue 1 Dec 2026, 10:00 AM IST; after that 50\u00a0% is refunded.',
    );
    expect(terms.textContent).toContain(
      // Moving ends where the late window starts (24 h before), not at the 12 h move notice: a
      // move must not turn a late cancellation into a free one.
      'You can move it once, until Tue 1 Dec 2026, 10:00 AM IST.',
    );
    expect(terms.textContent).toContain('No refund for a missed session.');
  });

  it('says when patients may not move the session', () => {
    render(
      <PaymentDialog
        summary={{
          ...summary(10 * 60_000),
          policy: { ...DEFAULT_PRACTICE_POLICY, rescheduleNoticeMinutes: null },
        }}
        provider="sandbox"
        testMode
        busy={false}
        error={null}
        onPay={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Free cancellation until the session starts.')).toBeTruthy();
    expect(
      screen.getByText('This psychologist does not let patients move sessions online.'),
    ).toBeTruthy();
  });
});

describe('PaymentDialog: whom the receipt is made out to (issue 21)', () => {
  it('names the patient before they pay, and has no such row without one', () => {
    render(
      <PaymentDialog
        summary={{ ...summary(10 * 60_000), receiptName: 'Meera Kapoor' }}
        provider="sandbox"
        testMode
        busy={false}
        error={null}
        onPay={() => {}}
        onClose={() => {}}
      />,
    );
    const row = screen.getByText('Receipt to').parentElement!;
    expect(row.textContent).toBe('Receipt toMeera Kapoor');
    cleanup();
    open(10 * 60_000);
    expect(screen.queryByText('Receipt to')).toBeNull();
  });
});

describe('PaymentDialog in Hindi', () => {
  it('words its rows, the hold and the pay button in the page language', () => {
    render(
      <I18nProvider locale="hi" messages={hi}>
        <PaymentDialog
          summary={summary(10 * 60_000)}
          provider="sandbox"
          testMode
          busy={false}
          error={null}
          onPay={() => {}}
          onClose={() => {}}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'अपनी बुकिंग पूरी करें' })).toBeTruthy();
    expect(screen.getByText('20 मिनट')).toBeTruthy();
    expect(screen.getByText('आपके पेमेंट करने तक यह स्लॉट 10 मिनट के लिए आपके नाम पर रुका है।')).toBeTruthy();
    expect(
      screen.getByText('Sukoon के टेस्ट-मोड सैंडबॉक्स से सुरक्षित पेमेंट (टेस्ट मोड: असली पैसा नहीं कटता)।'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /का पेमेंट करें$/ })).toBeTruthy();
  });
});
