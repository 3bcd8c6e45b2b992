import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, renderWithQuery, stubApi } from '../../testing/render';
import { AttendanceForm } from './attendance-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const started = makeEvent(); // 5:30 UTC = 11:00 AM in Kolkata
const now = new Date('2026-03-10T06:00:00.000Z');
const notes = () => screen.getByLabelText<HTMLTextAreaElement>(/Notes/);

describe('AttendanceForm', () => {
  it('counts the notes live and refuses more than 500 characters with the shared message', () => {
    renderWithQuery(<AttendanceForm event={started} now={now} timeZone="Asia/Kolkata" />);
    expect(screen.getByText('0/500')).toBeTruthy();
    fireEvent.change(notes(), { target: { value: 'Came on time.' } });
    expect(screen.getByText('13/500')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(notes(), { target: { value: 'a'.repeat(500) } });
    expect(screen.getByText('500/500')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Present' }).disabled).toBe(false);

    fireEvent.change(notes(), { target: { value: 'a'.repeat(501) } });
    expect(screen.getByText('501/500')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Notes can be at most 500 characters');
    expect(notes().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Present' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Absent' }).disabled).toBe(true);
  });

  it('marks Present with the notes and reports the change', async () => {
    const calls = stubApi(() => ({ data: { ...started, attendanceStatus: 'attended' } }));
    const onSaved = vi.fn();
    renderWithQuery(
      <AttendanceForm event={started} now={now} timeZone="Asia/Kolkata" onSaved={onSaved} />,
    );
    fireEvent.change(notes(), { target: { value: 'Engaged, homework done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Present' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: `/api/bookings/${started.id}/attendance`,
        body: { status: 'present', notes: 'Engaged, homework done' },
      },
    ]);
    expect(screen.getByText('Marked Present.')).toBeTruthy();
  });

  it('offers a reset once marked, and shows which one is chosen', async () => {
    const marked = makeEvent({ attendanceStatus: 'canceled', attendanceNotes: 'No show' });
    const calls = stubApi(() => ({ data: { ...marked, attendanceStatus: 'scheduled' } }));
    renderWithQuery(<AttendanceForm event={marked} now={now} timeZone="Asia/Kolkata" />);
    expect(notes().value).toBe('No show');
    expect(screen.getByRole('button', { name: 'Absent' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Present' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset to scheduled' }));
    await waitFor(() => expect(screen.getByText('Reset to scheduled.')).toBeTruthy());
    expect(calls[0]!.body).toEqual({ status: 'scheduled' });
  });

  it('before the session starts, says when it can be marked and keeps the controls shut', () => {
    const before = new Date('2026-03-10T05:00:00.000Z');
    renderWithQuery(<AttendanceForm event={started} now={before} timeZone="Asia/Kolkata" />);
    expect(
      screen.getByText(
        'Attendance can be marked once the session has started, from 11:00 AM on Tue 10 Mar.',
      ),
    ).toBeTruthy();
    expect(notes().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Present' }).disabled).toBe(true);
  });

  it("shows the server's message when it refuses", async () => {
    stubApi(() => ({
      status: 409,
      error: {
        code: 'BOOKING_CANCELED',
        message: 'This session has been canceled, so it can no longer be changed.',
      },
    }));
    renderWithQuery(<AttendanceForm event={started} now={now} timeZone="Asia/Kolkata" />);
    fireEvent.click(screen.getByRole('button', { name: 'Absent' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This session has been canceled, so it can no longer be changed.',
      ),
    );
  });

  it('saves the notes alone with Save notes, keeping the status (disabled when unchanged)', async () => {
    const marked = makeEvent({ attendanceStatus: 'attended', attendanceNotes: 'On time' });
    const calls = stubApi(({ body }) => ({
      data: { ...marked, attendanceNotes: (body as { notes: string }).notes.trim() },
    }));
    const onSaved = vi.fn();
    const onUnsavedChange = vi.fn();
    renderWithQuery(
      <AttendanceForm
        event={marked}
        now={now}
        timeZone="Asia/Kolkata"
        onSaved={onSaved}
        onUnsavedChange={onUnsavedChange}
      />,
    );
    const saveNotes = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save notes' });
    expect(saveNotes().disabled).toBe(true);
    expect(onUnsavedChange).toHaveBeenLastCalledWith(false);

    fireEvent.change(notes(), { target: { value: 'On time; asked about sleep ' } });
    expect(saveNotes().disabled).toBe(false);
    expect(onUnsavedChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByText('Notes not saved yet.')).toBeTruthy();

    fireEvent.change(notes(), { target: { value: 'a'.repeat(501) } });
    expect(saveNotes().disabled).toBe(true);
    fireEvent.change(notes(), { target: { value: 'On time; asked about sleep ' } });

    fireEvent.click(saveNotes());
    await waitFor(() => expect(screen.getByText('Notes saved.')).toBeTruthy());
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: `/api/bookings/${marked.id}/attendance`,
        body: { status: 'present', notes: 'On time; asked about sleep ' },
      },
    ]);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(saveNotes().disabled).toBe(true);
    expect(onUnsavedChange).toHaveBeenLastCalledWith(false);
  });

  it('saves notes on a session not marked yet without marking it', async () => {
    const calls = stubApi(() => ({ data: { ...started, attendanceNotes: 'Running late' } }));
    renderWithQuery(<AttendanceForm event={started} now={now} timeZone="Asia/Kolkata" />);
    fireEvent.change(notes(), { target: { value: 'Running late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(screen.getByText('Notes saved.')).toBeTruthy());
    expect(calls[0]!.body).toEqual({ status: 'scheduled', notes: 'Running late' });
  });

  it('marking Present saves the typed notes too: nothing is left unsaved', async () => {
    stubApi(() => ({
      data: { ...started, attendanceStatus: 'attended', attendanceNotes: 'Engaged' },
    }));
    const onUnsavedChange = vi.fn();
    renderWithQuery(
      <AttendanceForm
        event={started}
        now={now}
        timeZone="Asia/Kolkata"
        onUnsavedChange={onUnsavedChange}
      />,
    );
    fireEvent.change(notes(), { target: { value: 'Engaged' } });
    expect(onUnsavedChange).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Present' }));
    await waitFor(() => expect(onUnsavedChange).toHaveBeenLastCalledWith(false));
  });
  it('keeps a fresh mark when only the notes are saved, before the row is refreshed', async () => {
    const calls = stubApi(({ body }) => ({
      data: {
        ...started,
        attendanceStatus: 'attended',
        attendanceNotes: (body as { notes?: string }).notes ?? null,
      },
    }));
    // The row's snapshot (`event`) still says scheduled: the list has not been reloaded yet.
    renderWithQuery(<AttendanceForm event={started} now={now} timeZone="Asia/Kolkata" />);
    fireEvent.click(screen.getByRole('button', { name: 'Present' }));
    await waitFor(() => expect(screen.getByText('Marked Present.')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Present' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.change(notes(), { target: { value: 'Left early' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(screen.getByText('Notes saved.')).toBeTruthy());
    expect(calls.map((call) => call.body)).toEqual([
      { status: 'present', notes: '' },
      { status: 'present', notes: 'Left early' },
    ]);
  });
});
