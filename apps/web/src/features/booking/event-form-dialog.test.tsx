import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventFormDialog, type FormExtraContext } from './event-form-dialog';

afterEach(() => {
  cleanup();
});

/** A section like Patient Attendance: notes of its own, saved by its own button. */
function NotesSection({ onUnsavedChange }: FormExtraContext) {
  const [notes, setNotes] = useState('');
  const [saved, setSaved] = useState('');
  return (
    <section aria-label="Notes section">
      <label>
        Notes
        <textarea
          value={notes}
          onChange={(change) => {
            setNotes(change.target.value);
            onUnsavedChange(change.target.value !== saved);
          }}
        />
      </label>
      {/* No type: inside a <form> this would be a submit button. */}
      <button
        onClick={() => {
          setSaved(notes);
          onUnsavedChange(false);
        }}
      >
        Save notes
      </button>
    </section>
  );
}

function renderEdit() {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <EventFormDialog
      open
      role="psychologist"
      mode="edit"
      timeZone="Asia/Kolkata"
      initial={{
        start: new Date('2030-03-10T05:30:00.000Z'),
        durationMinutes: 45,
        title: 'Anxiety at work',
        description: 'Deadlines',
        meetingLink: 'https://meet.example.com/a',
        color: 'blue',
      }}
      extra={(context) => <NotesSection {...context} />}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onSubmit, onClose };
}

const notes = () => screen.getByLabelText('Notes');
const confirmQuestion = () =>
  screen.queryByText('Are you sure you want to close? Any unsaved changes may be lost.');

describe('Edit Event with a section that saves on its own', () => {
  it('keeps the section out of the event form: its buttons and Enter never submit the event', () => {
    const { onSubmit } = renderEdit();
    expect(notes().closest('form')).toBeNull();
    fireEvent.change(notes(), { target: { value: 'Did not join' } });
    fireEvent.keyDown(notes(), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(onSubmit).not.toHaveBeenCalled();
    // Save Changes still submits the event's own fields.
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('closes at once when nothing is unsaved', () => {
    const { onClose } = renderEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirmQuestion()).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before closing while the section has unsaved notes', () => {
    const { onClose } = renderEdit();
    fireEvent.change(notes(), { target: { value: 'Did not join' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirmQuestion()).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('no longer asks once the notes are saved', () => {
    const { onClose } = renderEdit();
    fireEvent.change(notes(), { target: { value: 'Did not join' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirmQuestion()).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before Save Changes closes the form over unsaved notes', () => {
    const { onSubmit } = renderEdit();
    fireEvent.change(notes(), { target: { value: 'Did not join' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(confirmQuestion()).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
