import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubApi } from '../testing/render';
import {
  forgetMoveDecisionLink,
  MoveLinkLayer,
  previewSentence,
  readMoveDecisionLink,
} from './move-link-layer';
import { englishT } from '../i18n/i18n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('readMoveDecisionLink', () => {
  it('says who moved which session from when to when, in the reader’s zone', () => {
    expect(
      previewSentence(
        englishT,
        {
          booking_id: '00000000-0000-4000-8000-000000000001',
          title: 'Exam stress',
          psychologist_name: 'Dr. Asha Rao',
          duration_minutes: 45,
          from_start: '2026-12-03T06:00:00.000Z',
          to_start: '2026-12-04T08:30:00.000Z',
        },
        'Asia/Kolkata',
      ),
    ).toBe(
      'Dr. Asha Rao moved your 45-minute session “Exam stress” from Thu 3 Dec 2026, 11:30 AM IST to Fri 4 Dec 2026, 2:00 PM IST.',
    );
  });

  it('reads the emailed move link, and nothing without a token or with another choice', () => {
    expect(readMoveDecisionLink('?moveDecision=abc&choice=keep')).toEqual({
      token: 'abc',
      choice: 'keep',
    });
    expect(readMoveDecisionLink('?moveDecision=abc&choice=cancel')?.choice).toBe('cancel');
    expect(readMoveDecisionLink('?moveDecision=abc&choice=maybe')).toBeNull();
    expect(readMoveDecisionLink('?choice=keep')).toBeNull();
  });

  it('leaves the other parameters in the address bar when it forgets the link', () => {
    window.history.replaceState(null, '', '/?psychologistId=p&moveDecision=abc&choice=keep');
    forgetMoveDecisionLink();
    expect(window.location.search).toBe('?psychologistId=p');
  });
});

describe('MoveLinkLayer', () => {
  const token = 'k'.repeat(43);

  it('confirms the emailed choice, shows the server’s refusal, and clears the link on close', async () => {
    window.history.replaceState(null, '', `/?moveDecision=${token}&choice=keep`);
    const calls = stubApi((call) =>
      call.method === 'GET'
        ? {
            data: {
              booking_id: '00000000-0000-4000-8000-000000000001',
              title: 'Exam stress',
              psychologist_name: 'Dr. Asha Rao',
              duration_minutes: 45,
              from_start: '2026-12-03T06:00:00.000Z',
              to_start: '2026-12-04T08:30:00.000Z',
            },
          }
        : {
            status: 410,
            error: {
              code: 'MOVE_LINK_INVALID',
              message:
                'This link has already been used, or the session has started or been canceled.',
            },
          },
    );
    renderWithQuery(<MoveLinkLayer />);
    expect(screen.getByText('Keep the new time?')).toBeTruthy();
    // The page names the session the link is about.
    expect(
      await screen.findByText(/^Dr\. Asha Rao moved your 45-minute session “Exam stress” from /),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep the new time' }));
    expect(await screen.findByText(/This link has already been used/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      method: 'POST',
      path: '/api/move-decisions',
      body: { token, decision: 'keep' },
    });
    // A used link cannot be tried again: only Close is left.
    expect(screen.queryByRole('button', { name: 'Keep the new time' })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(window.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
