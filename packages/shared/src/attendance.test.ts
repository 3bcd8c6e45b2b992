import { describe, expect, it } from 'vitest';
import {
  AttendanceBody,
  canCancelSession,
  canMarkAttendance,
  isCompletedAttendance,
  isPendingAttendance,
  MeetingLinkBody,
  type SessionFacts,
} from './attendance';

const now = new Date('2026-03-10T06:00:00.000Z');
const session = (overrides: Partial<SessionFacts> = {}): SessionFacts => ({
  startDate: '2026-03-10T05:30:00.000Z',
  status: 'booked',
  attendanceStatus: 'scheduled',
  ...overrides,
});

describe('attendance body', () => {
  it('maps the panel synonyms to the stored statuses', () => {
    expect(AttendanceBody.parse({ status: 'present' }).status).toBe('attended');
    expect(AttendanceBody.parse({ status: 'absent' }).status).toBe('canceled');
    expect(AttendanceBody.parse({ status: 'scheduled' }).status).toBe('scheduled');
  });

  it('keeps notes of 500 characters and refuses 501 with a message a person can act on', () => {
    expect(AttendanceBody.parse({ status: 'present', notes: 'a'.repeat(500) }).notes).toHaveLength(
      500,
    );
    const result = AttendanceBody.safeParse({ status: 'present', notes: 'a'.repeat(501) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Notes can be at most 500 characters');
  });

  it('refuses an unknown status', () => {
    expect(AttendanceBody.safeParse({ status: 'late' }).success).toBe(false);
  });
});

describe('meeting link body', () => {
  it('trims an https link', () => {
    expect(MeetingLinkBody.parse({ meetingLink: '  https://meet.example.com/abc  ' })).toEqual({
      meetingLink: 'https://meet.example.com/abc',
    });
  });

  it.each(['http://meet.example.com/abc', 'javascript:alert(1)', '', '   ', 'https://'])(
    'refuses %j',
    (meetingLink) => {
      expect(MeetingLinkBody.safeParse({ meetingLink }).success).toBe(false);
    },
  );
});

describe('session rules', () => {
  it('pending: started and not marked', () => {
    expect(isPendingAttendance(session(), now)).toBe(true);
    expect(isPendingAttendance(session({ startDate: '2026-03-10T06:30:00.000Z' }), now)).toBe(
      false,
    );
    expect(isPendingAttendance(session({ attendanceStatus: 'attended' }), now)).toBe(false);
    expect(isPendingAttendance(session({ status: 'canceled' }), now)).toBe(false);
  });

  it('completed: marked present or absent', () => {
    expect(isCompletedAttendance(session({ attendanceStatus: 'attended' }))).toBe(true);
    expect(isCompletedAttendance(session({ attendanceStatus: 'canceled' }))).toBe(true);
    expect(isCompletedAttendance(session())).toBe(false);
  });

  it('attendance can be marked from the start, cancellation only before it', () => {
    const atStart = session({ startDate: now.toISOString() });
    expect(canMarkAttendance(atStart, now)).toBe(true);
    expect(canCancelSession(atStart, now)).toBe(false);
    const later = session({ startDate: '2026-03-11T06:00:00.000Z' });
    expect(canMarkAttendance(later, now)).toBe(false);
    expect(canCancelSession(later, now)).toBe(true);
    expect(canCancelSession({ ...later, status: 'canceled' }, now)).toBe(false);
  });
});
