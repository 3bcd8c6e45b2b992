import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, renderWithQuery, stubApi } from '../../testing/render';
import { MeetingLinkEditor } from './meeting-link-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const input = () => screen.getByLabelText<HTMLInputElement>('Meeting link');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save link' }));

describe('MeetingLinkEditor', () => {
  it('checks the link with the shared rule before saving', () => {
    const calls = stubApi(() => ({ data: null }));
    renderWithQuery(<MeetingLinkEditor event={makeEvent()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add link for meera_k' }));

    save();
    expect(screen.getByText('Meeting link is required')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input(), { target: { value: 'http://meet.example.com/abc' } });
    expect(screen.queryByText('Meeting link is required')).toBeNull();
    screen.getByRole('button', { name: 'Save link' }).focus();
    save();
    expect(screen.getByText('Meeting link must start with https://')).toBeTruthy();
    // Back in the field, with the message it is described by already drawn.
    expect(document.activeElement).toBe(input());
    const described = document.getElementById(input().getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Meeting link must start with https://');

    fireEvent.change(input(), { target: { value: 'javascript:alert(1)' } });
    save();
    expect(screen.getByText('Meeting link must start with https://')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('saves a trimmed https link and tells that the patient is emailed', async () => {
    const link = 'https://meet.example.com/abc';
    const calls = stubApi(() => ({ data: makeEvent({ meetingLink: link }) }));
    renderWithQuery(<MeetingLinkEditor event={makeEvent()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add link for meera_k' }));
    fireEvent.change(input(), { target: { value: `  ${link}  ` } });
    save();
    await waitFor(() =>
      expect(screen.getByText('Link saved. The patient is emailed the new link.')).toBeTruthy(),
    );
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/api/bookings/00000000-0000-4000-8000-000000000001/meeting-link',
        body: { meetingLink: link },
      },
    ]);
  });

  it('shows a saved link as a link that opens in a new tab, and Escape leaves the form', () => {
    const link = 'https://meet.example.com/abc';
    renderWithQuery(<MeetingLinkEditor event={makeEvent({ meetingLink: link })} />);
    const anchor = screen.getByRole('link', { name: link });
    expect(anchor.getAttribute('href')).toBe(link);
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');

    const update = screen.getByRole('button', { name: 'Update link for meera_k' });
    fireEvent.click(update);
    expect(input().value).toBe(link);
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByLabelText('Meeting link')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Update link for meera_k' }),
    );
  });

  it('never turns a stored non-https value into a link', () => {
    renderWithQuery(
      <MeetingLinkEditor event={makeEvent({ meetingLink: 'javascript:alert(1)' })} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeTruthy();
  });
});
