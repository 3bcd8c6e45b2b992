import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionWhenForViewer } from './session-when';

afterEach(cleanup);

const session = {
  startDate: '2026-12-02T04:30:00.000Z', // 10:00 AM in India
  endDate: '2026-12-02T05:15:00.000Z',
  timeZone: 'Asia/Kolkata',
};

describe('SessionWhenForViewer', () => {
  it('shows one time to a phone in India that reports the old name Asia/Calcutta', () => {
    const { container } = render(<SessionWhenForViewer {...session} viewerZone="Asia/Calcutta" />);
    expect(container.textContent).toBe('Wed 2 Dec · 10:00 AM – 10:45 AM');
  });

  it('adds the viewer’s own time when their clock really differs', () => {
    const { container } = render(<SessionWhenForViewer {...session} viewerZone="Europe/London" />);
    expect(container.textContent).toContain('Your time: Wed 2 Dec · 4:30 AM – 5:15 AM');
  });
});
