import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from '../../lib/lazy';
import { LazyMenuSlot, type LazyMenuProps } from './lazy-menu';

afterEach(cleanup);

function RealMenu({ defaultOpen }: LazyMenuProps) {
  return <p>{defaultOpen ? 'menu open' : 'menu closed'}</p>;
}

describe('a menu fetched later', () => {
  it('keeps its trigger when the fetch fails, and fetches again when pressed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new Error('Failed to fetch dynamically imported module');
      return RealMenu;
    });
    const Menu = lazyWithPreload(load);
    render(
      <LazyMenuSlot
        Menu={Menu}
        props={{}}
        trigger={(request) => <button onClick={request}>Account menu</button>}
      />,
    );
    // Offline: every fetch fails, and the look-alike trigger stays, nothing else broke.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(load).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('menu open')).toBeTruthy();
  });
});
