import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoleSelection } from './role-selection';

afterEach(cleanup);

describe('RoleSelection', () => {
  it('shows the specification texts and reports the chosen role', () => {
    const onSelect = vi.fn();
    render(<RoleSelection onSelect={onSelect} />);
    expect(screen.getByText('Select your role to continue')).toBeTruthy();
    expect(
      screen.getByText('Book appointments and manage your mental health journey'),
    ).toBeTruthy();
    expect(screen.getByText('Manage appointments and provide professional care')).toBeTruthy();
    expect(
      screen.getByText('Choose your role to continue with the appropriate dashboard'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Psychologist/ }));
    expect(onSelect).toHaveBeenCalledWith('psychologist');
  });
});
