import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, renderWithQuery } from '../../testing/render';
import { SessionRow } from './session-row';

afterEach(cleanup);

// 10:00–10:45 AM IST on 10 March 2026, with a Jitsi room.
const session = makeEvent({
  patientName: 'meera_k',
  meetingLink: 'https://meet.jit.si/a8f3c2d19e7b4a60b5d1c3e2f4a6b8c0',
  startDate: '2026-03-10T04:30:00.000Z',
  endDate: '2026-03-10T05:15:00.000Z',
});

function renderAt(iso: string) {
  renderWithQuery(
    <ul>
      <SessionRow event={session} now={new Date(iso)} timeZone="Asia/Kolkata" />
    </ul>,
  );
  return screen.queryByRole('link', { name: 'Join the session with meera_k (opens in a new tab)' });
}

describe('a session in the psychologist’s lists (issue 20)', () => {
  it('offers Join from 10 minutes before the start until the end', () => {
    expect(renderAt('2026-03-10T04:19:59.000Z')).toBeNull();
    cleanup();
    expect(renderAt('2026-03-10T04:20:00.000Z')?.getAttribute('href')).toBe(session.meetingLink);
    cleanup();
    expect(renderAt('2026-03-10T05:14:00.000Z')).not.toBeNull();
    cleanup();
    expect(renderAt('2026-03-10T05:15:00.000Z')).toBeNull();
  });
});
