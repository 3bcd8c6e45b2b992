import { describe, expect, it } from 'vitest';
import type { FeedSession } from './calendar-feeds-repository';
import { feedCalendar } from './feed-calendar';

/** Sessions as the feed's query returns them, without a database. */
function sessions(count: number): FeedSession[] {
  const first = Date.UTC(2026, 11, 1, 3, 30);
  return Array.from({ length: count }, (_, index) => ({
    booking: {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      icsSequence: 0,
      startsAt: new Date(first + index * 30 * 60_000),
      endsAt: new Date(first + index * 30 * 60_000 + 20 * 60_000),
      durationMinutes: 20,
      meetingLink: `https://meet.jit.si/sukoon-room-${index}`,
      status: 'booked' as const,
      updatedAt: new Date(first),
    },
    patientUsername: 'asha_kumar',
    patientDeletedAt: null,
    psychologistName: 'Dr. Meera Rao',
  }));
}

describe('building a feed', () => {
  it('gives the event loop back while it builds a large feed', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const text = await feedCalendar('psychologist', sessions(5_000), {
      showFullDetails: true,
      publicUrl: 'http://localhost:3000',
      locale: 'en',
    });
    counting = false;
    expect(text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(5_000);
    // Other work ran in between: the build is never one long block.
    expect(turns).toBeGreaterThan(1);
  });

  it('ends every line with CRLF, the last one too', async () => {
    const text = await feedCalendar('patient', sessions(2), {
      showFullDetails: false,
      publicUrl: 'http://localhost:3000',
      locale: 'hi',
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });
});
