import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@sukoon/shared';
import { renderWithQuery, stubApi } from '../../testing/render';
import { Calendar } from './calendar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PSYCHOLOGIST = '00000000-0000-4000-8000-0000000000a1';

describe('a patient opening the calendar of a psychologist who left', () => {
  it('says plainly that they no longer offer sessions and keeps the way to choose another', async () => {
    const calls = stubApi(() => ({
      status: 410,
      error: { code: 'PSYCHOLOGIST_GONE', message: ERRORS.PSYCHOLOGIST_GONE.message },
    }));
    renderWithQuery(
      <Calendar
        role="patient"
        psychologistId={PSYCHOLOGIST}
        banner={<button type="button">Switch psychologist</button>}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This psychologist no longer offers sessions on Sukoon. Please choose another psychologist.',
    );
    expect(screen.getByRole('button', { name: 'Switch psychologist' })).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual([`/api/psychologists/${PSYCHOLOGIST}`]);
  });
});
