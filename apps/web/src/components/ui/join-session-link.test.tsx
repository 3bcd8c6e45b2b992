import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '../../lib/use-now';
import { JoinSessionLink } from './join-session-link';

const START = '2026-03-10T05:30:00.000Z';
const END = '2026-03-10T05:50:00.000Z';

/** The session as a screen shows it: the app's clock hook drives Join. */
function Session({ meetingLink }: { meetingLink: string | null }) {
  const now = useNow();
  return (
    <JoinSessionLink meetingLink={meetingLink} start={START} end={END} now={now} name="Follow-up" />
  );
}

const join = () => screen.queryByRole('link', { name: 'Join Follow-up (opens in a new tab)' });

describe('JoinSessionLink', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('appears 10 minutes before the start and goes at the end, as the clock moves', () => {
    vi.setSystemTime(new Date('2026-03-10T05:18:30.000Z'));
    render(<Session meetingLink="https://meet.jit.si/abcdefghijklmnopqrstuvwxyz234567" />);
    expect(join()).toBeNull();

    act(() => {
      vi.advanceTimersByTime(60_000);
    }); // 05:19:30, 10:30 before
    expect(join()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(60_000);
    }); // 05:20:30, 9:30 before
    const link = join();
    expect(link?.getAttribute('href')).toBe('https://meet.jit.si/abcdefghijklmnopqrstuvwxyz234567');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');

    act(() => {
      vi.advanceTimersByTime(29 * 60_000);
    }); // 05:49:30, still on
    expect(join()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(60_000);
    }); // 05:50:30, over
    expect(join()).toBeNull();
  });

  it('is never shown without a usable link', () => {
    vi.setSystemTime(new Date(START));
    render(<Session meetingLink={null} />);
    expect(join()).toBeNull();
    cleanup();
    render(<Session meetingLink="http://insecure.example.com/room" />);
    expect(join()).toBeNull();
  });
});
