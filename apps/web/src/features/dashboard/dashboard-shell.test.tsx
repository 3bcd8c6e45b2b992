import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardShell } from './dashboard-shell';

afterEach(cleanup);

describe('DashboardShell', () => {
  it('gives focus to its heading once someone is signed in, not to the page body', () => {
    const { rerender } = render(<DashboardShell role="patient" />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Patient Dashboard' });
    expect(document.activeElement).not.toBe(heading);
    rerender(<DashboardShell role="patient" focusHeadingFor="user-1" />);
    expect(document.activeElement).toBe(heading);
  });

  it('shows the whole "Back to Role Selection" on every screen: the words are its name', () => {
    const onBack = vi.fn();
    render(<DashboardShell role="patient" onBack={onBack} />);
    const back = screen.getByRole('button', { name: 'Back to Role Selection' });
    expect(back.textContent).toBe('Back to Role Selection');
    expect(back.getAttribute('aria-label')).toBeNull();
    fireEvent.click(back);
    expect(onBack).toHaveBeenCalledOnce();
  });
});
