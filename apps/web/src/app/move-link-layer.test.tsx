import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubApi } from '../testing/render';
import { forgetMoveDecisionLink, MoveLinkLayer, readMoveDecisionLink } from './move-link-layer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('readMoveDecisionLink', () => {
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
    const calls = stubApi(() => ({
      status: 410,
      error: {
        code: 'MOVE_LINK_INVALID',
        message: 'This link has already been used, or the session has started or been canceled.',
      },
    }));
    renderWithQuery(<MoveLinkLayer />);
    expect(screen.getByText('Keep the new time?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep the new time' }));
    expect(await screen.findByText(/This link has already been used/)).toBeTruthy();
    expect(calls[0]).toMatchObject({
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
