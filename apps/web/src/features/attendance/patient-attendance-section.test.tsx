import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, renderWithQuery, stubApi } from '../../testing/render';
import { PatientAttendanceSection } from './patient-attendance-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const now = new Date('2026-03-10T06:00:00.000Z'); // the session started at 5:30 UTC

describe('Patient Attendance (Edit Event)', () => {
  it('reports notes typed and not saved, and saves them with Save notes', async () => {
    const event = makeEvent({ attendanceStatus: 'canceled', attendanceNotes: null });
    const calls = stubApi(() => ({ data: { ...event, attendanceNotes: 'Sent a message' } }));
    const onUnsavedChange = vi.fn();
    renderWithQuery(
      <PatientAttendanceSection
        event={event}
        now={now}
        timeZone="Asia/Kolkata"
        onUnsavedChange={onUnsavedChange}
      />,
    );
    const section = screen.getByRole('region', { name: 'Patient Attendance' });
    // The form's code is fetched when the section first shows.
    fireEvent.change(await within(section).findByLabelText(/Notes/), {
      target: { value: 'Sent a message' },
    });
    expect(onUnsavedChange).toHaveBeenLastCalledWith(true);
    fireEvent.click(within(section).getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(onUnsavedChange).toHaveBeenLastCalledWith(false));
    expect(calls.map((call) => call.body)).toEqual([{ status: 'absent', notes: 'Sent a message' }]);
    expect(within(section).getByText('Notes saved.')).toBeTruthy();
  });

  it('shows nothing on a psychologist’s own event, which has no patient', () => {
    const calls = stubApi(() => ({ data: null }));
    renderWithQuery(
      <PatientAttendanceSection
        event={makeEvent({ patientId: null, patientName: null, paymentRequired: false })}
        now={now}
        timeZone="Asia/Kolkata"
      />,
    );
    expect(screen.queryByRole('region', { name: 'Patient Attendance' })).toBeNull();
    expect(screen.queryByText(/Patient Attendance/)).toBeNull();
    expect(calls).toEqual([]);
  });
});
