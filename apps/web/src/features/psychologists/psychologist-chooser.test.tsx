import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, type PsychologistListItem } from '@sukoon/shared';
import { renderWithQuery, stubApi } from '../../testing/render';
import { formatNextAvailable } from '../../lib/dates';
import { nameInitials, PsychologistChooser } from './psychologist-chooser';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = {
  timeZone: 'Asia/Kolkata',
  session_20_minute_rate: 500,
  session_45_minute_rate: 900,
  bio: '',
  yearsOfPractice: 9,
  registrationNumber: null,
  policy: DEFAULT_PRACTICE_POLICY,
};
const ASHA: PsychologistListItem = {
  ...base,
  id: '00000000-0000-4000-8000-0000000000a1',
  displayName: 'Dr. Asha Rao',
  specializations: ['clinical', 'cognitive'],
  languages: ['English', 'Hindi'],
  next_available: '2026-11-27T04:30:00.000Z', // Fri 27 Nov, 10:00 AM in India
};
const MEERA: PsychologistListItem = {
  ...base,
  id: '00000000-0000-4000-8000-0000000000a2',
  displayName: 'Meera Iyer',
  specializations: ['trauma'],
  languages: ['Tamil', 'English'],
  session_45_minute_rate: 1200,
  next_available: '2026-11-26T09:00:00.000Z', // Thu 26 Nov, 2:30 PM in India: sooner
};
const RAVI: PsychologistListItem = {
  ...base,
  id: '00000000-0000-4000-8000-0000000000a3',
  displayName: 'Ravi Kumar',
  specializations: ['trauma', 'addiction'],
  languages: ['Hindi'],
  next_available: null,
};

function renderChooser(selectedId: string | null = null) {
  // In the server's order: soonest free first (profiles.test.ts checks the server sorts so).
  const everyone = [MEERA, ASHA, RAVI];
  const calls = stubApi((call) => ({
    data: everyone.filter(
      (p) =>
        (!call.query?.specialization ||
          p.specializations.includes(call.query.specialization as never)) &&
        (!call.query?.language || p.languages.includes(call.query.language as never)),
    ),
  }));
  const onSelect = vi.fn();
  renderWithQuery(<PsychologistChooser selectedId={selectedId} onSelect={onSelect} />);
  return { calls, onSelect };
}

describe('PsychologistChooser', () => {
  it('shows the cards in the server’s order, soonest first, with initials, specializations, languages, fees and next time', async () => {
    renderChooser();
    const group = await screen.findByRole('group', { name: 'Choose a psychologist' });
    const cards = await within(group).findAllByRole('button');
    expect(cards.map((card) => card.textContent?.split('\n')[0])).toHaveLength(3);
    expect(cards[0]!.textContent).toContain('Meera Iyer');
    expect(cards[2]!.textContent).toContain('Ravi Kumar');
    const asha = cards[1]!;
    expect(asha.textContent).toContain('AR');
    expect(asha.textContent).toContain('Clinical · Cognitive');
    expect(asha.textContent).toContain('Speaks English, Hindi');
    expect(asha.textContent).toContain('₹500 for 20 min');
    expect(asha.textContent).toContain('Next available: Fri 27 Nov, 10:00 AM');
    expect(cards[2]!.textContent).toContain('No free time in the next 4 weeks');
    // The accessible name starts with the name (the avatar's initials are hidden from it).
    expect(within(group).getByRole('button', { name: /^Dr\. Asha Rao/ })).toBe(asha);
  });

  it('filters by specialization and language on the server, with keyboard-usable selects', async () => {
    const { calls, onSelect } = renderChooser();
    const group = await screen.findByRole('group', { name: 'Choose a psychologist' });
    await within(group).findAllByRole('button');
    fireEvent.change(within(group).getByLabelText('Specialization'), {
      target: { value: 'trauma' },
    });
    fireEvent.change(within(group).getByLabelText('Language'), { target: { value: 'Hindi' } });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringContaining('Ravi Kumar')]),
    );
    expect(calls.at(-1)!.query).toEqual({ specialization: 'trauma', language: 'Hindi' });
    expect(within(group).getByRole('status').textContent).toBe(
      '1 psychologist match, soonest available first',
    );
    fireEvent.click(within(group).getByRole('button', { name: /^Ravi Kumar/ }));
    expect(onSelect).toHaveBeenCalledWith(RAVI.id);
  });

  it('says so when nothing matches', async () => {
    renderChooser();
    const group = await screen.findByRole('group', { name: 'Choose a psychologist' });
    await within(group).findAllByRole('button');
    fireEvent.change(within(group).getByLabelText('Specialization'), {
      target: { value: 'child' },
    });
    expect(await within(group).findByText(/No psychologist matches both choices yet/)).toBeTruthy();
  });

  it('collapses to "Booking with" with name, specializations and fees', async () => {
    renderChooser(MEERA.id);
    expect(await screen.findByText('Booking with')).toBeTruthy();
    expect(screen.getByText('Meera Iyer')).toBeTruthy();
    expect(screen.getByText('Trauma')).toBeTruthy();
    expect(screen.getByText(/₹1,200 for 45 min/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch psychologist' }));
    expect(await screen.findByRole('group', { name: 'Choose a psychologist' })).toBeTruthy();
  });

  it('draws the card as a new element, not the loading stand-in changed into it', async () => {
    // Chrome reported the stand-in turned card as moving from y 0 to its place (CLS 0.104 on a
    // phone in Lighthouse, issue 19); a new element is an arrival, not a shift.
    renderChooser(MEERA.id);
    const standIn = screen.getByRole('status', { name: 'Loading psychologists' });
    await screen.findByText('Booking with');
    expect(standIn.isConnected).toBe(false);
  });
});

describe('PsychologistChooser: the chosen psychologist’s policy (issue 18)', () => {
  it('folds the policy lines under "Booking with" in a native disclosure, closed at first', async () => {
    stubApi(() => ({
      data: [
        {
          ...MEERA,
          policy: {
            ...DEFAULT_PRACTICE_POLICY,
            minNoticeMinutes: 12 * 60,
            rescheduleNoticeMinutes: null,
            lateCancelWindowMinutes: 24 * 60,
            lateCancelRefundPercent: 50,
          },
        },
        ASHA,
      ],
    }));
    renderWithQuery(<PsychologistChooser selectedId={MEERA.id} onSelect={() => {}} />);
    const summary = await screen.findByText('Booking and cancellation policy');
    expect(summary.tagName).toBe('SUMMARY');
    const details = summary.parentElement as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect([...details.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Book at least 12 h ahead',
      'Book up to 8 weeks ahead',
      'Sessions cannot be moved online by patients',
      'Free cancellation until 1 day before; then 50\u00a0% refunded',
      'No refund for a missed session',
    ]);
  });
});

describe('card helpers', () => {
  it('take initials after a title and format the next time', () => {
    expect(nameInitials('Dr. Asha Rao')).toBe('AR');
    expect(nameInitials('प्रिया शर्मा')).toBe('पश');
    expect(nameInitials('Meera')).toBe('M');
    expect(formatNextAvailable(new Date('2026-11-27T04:30:00.000Z'), 'Asia/Kolkata')).toBe(
      'Fri 27 Nov, 10:00 AM',
    );
  });
});
