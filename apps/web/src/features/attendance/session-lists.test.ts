import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../testing/render';
import { attendanceTabs, sessionWho, todaysSessions, weekSessions } from './session-lists';

const now = new Date('2026-03-10T08:00:00.000Z'); // 1:30 PM in Kolkata
const at = (id: string, startDate: string, overrides = {}) =>
  makeEvent({
    id: `00000000-0000-4000-8000-00000000000${id}`,
    startDate,
    endDate: new Date(Date.parse(startDate) + 45 * 60_000).toISOString(),
    ...overrides,
  });

const earlierUnmarked = at('1', '2026-03-09T05:30:00.000Z');
const laterUnmarked = at('2', '2026-03-10T04:30:00.000Z');
const present = at('3', '2026-03-08T05:30:00.000Z', { attendanceStatus: 'attended' });
const absent = at('4', '2026-03-09T09:30:00.000Z', { attendanceStatus: 'canceled' });
const upcoming = at('5', '2026-03-10T10:30:00.000Z');
const held = at('6', '2026-03-09T11:30:00.000Z', { status: 'held' });
const canceled = at('7', '2026-03-09T12:30:00.000Z', { status: 'canceled' });
const events = [upcoming, absent, present, laterUnmarked, earlierUnmarked, held, canceled];

describe('attendance tabs', () => {
  it('Pending: started and unmarked sessions, oldest first', () => {
    expect(attendanceTabs(events, now).pending).toEqual([earlierUnmarked, laterUnmarked]);
  });

  it('Completed: marked Present or Absent, latest first', () => {
    expect(attendanceTabs(events, now).completed).toEqual([absent, present]);
  });

  it('All: every booked session in time order; holds and canceled sessions are left out', () => {
    expect(attendanceTabs(events, now).all).toEqual([
      present,
      earlierUnmarked,
      absent,
      laterUnmarked,
      upcoming,
    ]);
  });
});

describe('today and the week', () => {
  it("today's sessions are those on the psychologist's wall calendar today", () => {
    expect(todaysSessions(events, now, 'Asia/Kolkata')).toEqual([laterUnmarked, upcoming]);
    // 16:00 UTC on the 9th is still the 9th in Kolkata but already the 10th in Tokyo.
    const lateNight = at('8', '2026-03-09T16:00:00.000Z', { patientName: null });
    expect(todaysSessions([lateNight], now, 'Asia/Kolkata')).toEqual([]);
    expect(todaysSessions([lateNight], now, 'Asia/Tokyo')).toEqual([lateNight]);
  });

  it('the week keeps its own dates only', () => {
    expect(weekSessions(events, ['2026-03-08', '2026-03-09'], 'Asia/Kolkata')).toEqual([
      present,
      earlierUnmarked,
      absent,
    ]);
  });

  it('names the patient, or the event title when there is no patient', () => {
    expect(sessionWho(makeEvent())).toBe('meera_k');
    expect(sessionWho(makeEvent({ patientName: null, title: 'Supervision' }))).toBe('Supervision');
  });
});
