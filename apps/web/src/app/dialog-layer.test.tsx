import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDialogLayer } from './dialog-layer';

afterEach(cleanup);

function Harness({ user }: { user: string | null }) {
  const layer = useDialogLayer(
    'app.region.privacy',
    (close) =>
      user && (
        <div role="dialog" aria-label={`Details of ${user}`}>
          <button type="button" onClick={close}>
            Close
          </button>
        </div>
      ),
  );
  return (
    <>
      <button type="button" onClick={layer.open}>
        Open
      </button>
      {layer.layer}
    </>
  );
}

describe('a dialog opened from a menu', () => {
  it('opens, and closes with the close it was given', () => {
    render(<Harness user="meera" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Details of meera' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never opens by itself for the next person signed in after the first signed out', () => {
    const { rerender } = render(<Harness user="meera" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    rerender(<Harness user={null} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Harness user="arjun" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
