import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import hi from '../../i18n/hi.json';
import { I18nProvider } from '../../i18n/i18n';
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

function renderForm(
  options: { role?: 'patient' | 'psychologist'; mode?: 'add' | 'edit'; withPatient?: boolean } = {},
) {
  const onSubmit = vi.fn();
  render(
    <EventFormDialog
      open
      role={options.role ?? 'patient'}
      mode={options.mode ?? 'add'}
      timeZone="Asia/Kolkata"
      // 10:00 AM in Kolkata.
      initial={{ start: new Date('2030-03-11T04:30:00.000Z'), durationMinutes: 20 }}
      feeFor={() => 500}
      withPatient={options.withPatient}
      onSubmit={onSubmit}
      onClose={vi.fn()}
    />,
  );
  return { onSubmit };
}

const pick = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const shownTime = () =>
  ['Start hour', 'Start minute', 'AM or PM']
    .map((label) => screen.getByLabelText<HTMLSelectElement>(label).value)
    .join(' ');
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const book = () => fireEvent.click(screen.getByRole('button', { name: /^Book Event/ }));
/** The submitted start as the psychologist's clock shows it. */
const submittedClock = (onSubmit: ReturnType<typeof vi.fn>) =>
  new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format((onSubmit.mock.calls[0]![0] as { start: Date }).start);

describe('Add Event start time (issue 17, defect 1)', () => {
  it('reads the hour then PM as that hour in the afternoon', () => {
    const { onSubmit } = renderForm();
    pick('Start hour', '3');
    expect(shownTime()).toBe('3 0 AM');
    pick('AM or PM', 'PM');
    expect(shownTime()).toBe('3 0 PM');
    fill('Event name', 'Sleep');
    fill('Problems Facing', 'Waking at 4');
    book();
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(submittedClock(onSubmit)).toBe('3:00 PM');
  });

  it('reads PM then the hour the same way', () => {
    const { onSubmit } = renderForm();
    pick('AM or PM', 'PM');
    pick('Start hour', '3');
    expect(shownTime()).toBe('3 0 PM');
    fill('Event name', 'Sleep');
    fill('Problems Facing', 'Waking at 4');
    book();
    expect(submittedClock(onSubmit)).toBe('3:00 PM');
  });

  it('moves a complete time that cannot be booked to the nearest start that can, and says so', () => {
    const { onSubmit } = renderForm();
    fill('Event name', 'Sleep');
    fill('Problems Facing', 'Waking at 4');
    pick('Start hour', '8');
    pick('AM or PM', 'PM');
    pick('Start minute', '50');
    // Part way and complete, the choice stands as made; the form tells what Book Event will do.
    expect(shownTime()).toBe('8 50 PM');
    expect(screen.getByText(/8:50 PM is outside the hours/).textContent).toContain(
      'it will be moved to 8:40 PM',
    );
    book();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(shownTime()).toBe('8 40 PM');
    expect(screen.getByText(/^Moved to 8:40 PM/)).toBeTruthy();
    book();
    expect(submittedClock(onSubmit)).toBe('8:40 PM');
  });

  it('clamps a 45-minute session to a start that ends by 9:00 PM', () => {
    const { onSubmit } = renderForm();
    fill('Event name', 'Sleep');
    fill('Problems Facing', 'Waking at 4');
    fireEvent.click(screen.getByLabelText('45 Minutes'));
    pick('AM or PM', 'PM');
    pick('Start hour', '11');
    book();
    expect(shownTime()).toBe('8 15 PM');
    book();
    expect(submittedClock(onSubmit)).toBe('8:15 PM');
  });
});

describe('Add Event text limits (issue 17, defect 9)', () => {
  it('counts each bounded field and keeps text over the limit, flagged, instead of cutting it', () => {
    const { onSubmit } = renderForm({ role: 'psychologist', withPatient: true, mode: 'edit' });
    expect(screen.getByText('0 / 120')).toBeTruthy();
    expect(screen.getByText('0 / 2000')).toBeTruthy();
    expect(screen.getByText('0 / 500')).toBeTruthy();
    const long = 'a'.repeat(2003);
    fill('Problems Facing', long);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Problems Facing').value).toBe(long);
    expect(screen.getByText(/2003 \/ 2000/).textContent).toContain('3 characters over the limit');
    expect(screen.getByLabelText('Problems Facing').getAttribute('aria-invalid')).toBe('true');
    fill('Event name', 'b'.repeat(121));
    expect(screen.getByText(/121 \/ 120/).textContent).toContain('1 character over the limit');
    fill('Meeting Link', 'https://meet.example.com/a');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(/Problems Facing can be at most 2000 characters/)).toBeTruthy();
    expect(screen.getByText(/event name can be at most 120 characters/)).toBeTruthy();
  });

  it('describes each field by its counter', () => {
    renderForm();
    const title = screen.getByLabelText('Event name');
    const counter = document.getElementById(title.getAttribute('aria-describedby')!);
    expect(counter?.textContent).toBe('0 / 120');
  });
});

describe('Problems Facing only for a session with a patient (issue 17, defect 9)', () => {
  it('is not asked on a psychologist’s own event, which is saved without it', () => {
    const { onSubmit } = renderForm({ role: 'psychologist' });
    expect(screen.queryByLabelText('Problems Facing')).toBeNull();
    fill('Event name', 'Supervision');
    fill('Meeting Link', 'https://meet.example.com/s');
    book();
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ title: 'Supervision', description: '' });
  });

  it('is asked of a patient, and shown on a patient’s session the psychologist edits', () => {
    renderForm();
    expect(screen.getByLabelText('Problems Facing')).toBeTruthy();
    cleanup();
    renderForm({ role: 'psychologist', mode: 'edit', withPatient: true });
    expect(screen.getByLabelText('Problems Facing')).toBeTruthy();
  });
});

describe('Which fields must be filled in (a new patient’s phone trial)', () => {
  const required = (label: string) =>
    screen.getByLabelText(label).getAttribute('aria-required') === 'true';

  it('marks the event name and Problems Facing for a patient, and says what the mark means', () => {
    renderForm();
    expect(screen.getByText('Fields marked * must be filled in.')).toBeTruthy();
    expect(required('Event name')).toBe(true);
    expect(required('Problems Facing')).toBe(true);
    // The mark is drawn beside the label, not read out as part of the field's name.
    expect(screen.getByRole('textbox', { name: 'Event name' })).toBe(
      screen.getByLabelText('Event name'),
    );
  });

  it('marks a meeting link only where an empty one is refused: on a saved event', () => {
    renderForm({ role: 'psychologist' });
    expect(required('Meeting Link')).toBe(false);
    book();
    expect(screen.queryByText('Meeting link is required')).toBeNull();
    cleanup();
    renderForm({ role: 'psychologist', mode: 'edit' });
    expect(required('Meeting Link')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Meeting link is required')).toBeTruthy();
  });
});

describe('Edit Event: add to a calendar (issue 20)', () => {
  it('offers Google Calendar and Outlook for a saved session, without the patient’s words', () => {
    renderForm({ role: 'psychologist', mode: 'edit', withPatient: true });
    const google = screen.getByRole('link', {
      name: 'Add this session to Google Calendar (opens in a new tab)',
    });
    const url = new URL(google.getAttribute('href')!);
    expect(url.searchParams.get('text')).toBe('Sukoon session (20 min)');
    expect(url.searchParams.get('dates')).toBe('20300311T043000Z/20300311T045000Z');
    const outlook = screen.getByRole('link', {
      name: 'Add this session to Outlook (opens in a new tab)',
    });
    expect(new URL(outlook.getAttribute('href')!).searchParams.get('enddt')).toBe(
      '2030-03-11T04:50:00Z',
    );
  });

  it('offers none while a new event is still being made', () => {
    renderForm({ role: 'psychologist', mode: 'add' });
    expect(screen.queryByRole('link', { name: /Google Calendar/ })).toBeNull();
  });
});

describe('Add Event in Hindi', () => {
  it('shows its labels and its own checks in the page language', () => {
    render(
      <I18nProvider locale="hi" messages={hi}>
        <EventFormDialog
          open
          role="psychologist"
          mode="add"
          timeZone="Asia/Kolkata"
          initial={{ start: new Date('2030-03-11T04:30:00.000Z'), durationMinutes: 20 }}
          onSubmit={vi.fn()}
          onClose={vi.fn()}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'इवेंट जोड़ें' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('मीटिंग लिंक'), {
      target: { value: 'http://meet.example.com/a' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'इवेंट बुक करें' }));
    expect(screen.getByText('इवेंट का नाम डालना ज़रूरी है')).toBeTruthy();
    expect(screen.getByText('मीटिंग लिंक https:// से शुरू होना चाहिए')).toBeTruthy();
  });
});

describe('Where the form puts focus (a new patient’s phone trial)', () => {
  /** Book pressed from the button itself, as a tap or the keyboard leaves focus there. */
  const bookFromButton = () => {
    screen.getByRole('button', { name: /^Book Event/ }).focus();
    book();
  };
  /** The focused element's description: what a screen reader reads with it. */
  const focusedDescription = () =>
    (document.activeElement?.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  it('takes the person to the first field with a problem, in the form’s order', () => {
    const { onSubmit } = renderForm();
    bookFromButton();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Event name'));
    // Focus arrives once the message is drawn, so the field is read with it.
    expect(focusedDescription()).toContain('Event name is required');
    fill('Event name', 'Anxiety');
    bookFromButton();
    expect(document.activeElement).toBe(screen.getByLabelText('Problems Facing'));
    expect(focusedDescription()).toContain('Description is required');
  });

  it('takes a psychologist to a meeting link without https://', () => {
    renderForm({ role: 'psychologist' });
    fill('Event name', 'Supervision');
    fill('Meeting Link', 'meet.example.com/s');
    bookFromButton();
    expect(document.activeElement).toBe(screen.getByLabelText('Meeting Link'));
    expect(focusedDescription()).toContain('Meeting link must start with https://');
  });

  it('opens an event to edit on the dialog, not in its name with the name selected', () => {
    renderEdit();
    const dialog = screen.getByRole('dialog', { name: 'Edit Event' });
    expect(document.activeElement).toBe(dialog);
    const name = screen.getByLabelText<HTMLInputElement>('Event name');
    expect(name.value).toBe('Anxiety at work');
    expect(name.selectionEnd! - name.selectionStart!).toBe(0);
  });

  it('opens a new event in its first field, ready to type', () => {
    renderForm();
    expect(document.activeElement).toBe(screen.getByLabelText('Event name'));
  });
});
