import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../testing/render';
import { attendanceLabel } from './attendance-status';

const started = new Date('2026-03-10T06:00:00.000Z'); // the session started at 5:30 UTC
const before = new Date('2026-03-10T05:00:00.000Z');

describe('attendanceLabel', () => {
  it('follows the shared rules: Not marked only while pending, else the shared labels', () => {
    expect(attendanceLabel(makeEvent(), started)).toBe('Not marked');
    expect(attendanceLabel(makeEvent(), before)).toBe('Scheduled');
    expect(attendanceLabel(makeEvent({ attendanceStatus: 'attended' }), started)).toBe('Present');
    expect(attendanceLabel(makeEvent({ attendanceStatus: 'canceled' }), started)).toBe('Absent');
    // Pending is the shared rule's (isPendingAttendance): a canceled booking is never "Not marked".
    expect(attendanceLabel(makeEvent({ status: 'canceled' }), started)).not.toBe('Not marked');
  });
});
