import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RescheduleSection } from './reschedule-flow';

afterEach(cleanup);

describe('the Edit Event form’s Reschedule', () => {
  it('offers a move of a session the patient has no question about', () => {
    const onReschedule = vi.fn();
    render(
      <RescheduleSection
        unsaved={false}
        movedFrom={null}
        timeZone="Asia/Kolkata"
        onReschedule={onReschedule}
      />,
    );
    screen.getByRole('button', { name: 'Reschedule' }).click();
    expect(onReschedule).toHaveBeenCalledOnce();
  });

  it('says it waits for the patient’s answer to the last move, and offers no other move', () => {
    render(
      <RescheduleSection
        unsaved={false}
        movedFrom="2026-12-03T06:00:00.000Z"
        timeZone="Asia/Kolkata"
        onReschedule={() => {}}
      />,
    );
    expect(screen.getByText(/^Waiting for the patient/).textContent).toContain(
      'you moved this session from Thu 3 Dec 2026, 11:30 AM IST',
    );
    expect(screen.getByRole('button', { name: 'Reschedule' })).toHaveProperty('disabled', true);
  });
});
