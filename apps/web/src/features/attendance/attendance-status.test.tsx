import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../testing/render';
import { englishT } from '../../i18n/i18n';
import { attendanceLabel } from './attendance-status';

const started = new Date('2026-03-10T06:00:00.000Z'); // the session started at 5:30 UTC
const before = new Date('2026-03-10T05:00:00.000Z');

describe('attendanceLabel', () => {
  it('follows the shared rules: Not marked only while pending, else the shared labels', () => {
    expect(attendanceLabel(englishT, makeEvent(), started)).toBe('Not marked');
    expect(attendanceLabel(englishT, makeEvent(), before)).toBe('Scheduled');
    expect(attendanceLabel(englishT, makeEvent({ attendanceStatus: 'attended' }), started)).toBe(
      'Present',
    );
    expect(attendanceLabel(englishT, makeEvent({ attendanceStatus: 'canceled' }), started)).toBe(
      'Absent',
    );
    // Pending is the shared rule's (isPendingAttendance): a canceled booking is never "Not marked".
    expect(attendanceLabel(englishT, makeEvent({ status: 'canceled' }), started)).not.toBe(
      'Not marked',
    );
  });
});
