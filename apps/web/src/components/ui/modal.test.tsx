import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './modal';

afterEach(cleanup);

/** A dialog opened by state, as the calendar's pills open theirs (no Dialog.Trigger). */
function OpenedByState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Event
      </button>
      {open && (
        <Modal open onOpenChange={setOpen} title="Cancel Appointment">
          <button type="button">Keep session</button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('traps focus inside and returns it to the opener when closed', async () => {
    render(<OpenedByState />);
    const opener = screen.getByRole('button', { name: 'Delete Event' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Appointment' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
