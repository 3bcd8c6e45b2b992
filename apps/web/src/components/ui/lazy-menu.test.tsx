import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPreload, type PreloadableComponent } from '../../lib/lazy';
import { LazyMenuSlot, type LazyMenuProps } from './lazy-menu';

afterEach(cleanup);

function RealMenu({ defaultOpen }: LazyMenuProps) {
  return <p>{defaultOpen ? 'menu open' : 'menu closed'}</p>;
}

/** The slot with a plain stand-in button named 'Account menu'. */
function renderSlot(Menu: PreloadableComponent<LazyMenuProps>) {
  render(
    <LazyMenuSlot
      Menu={Menu}
      props={{}}
      trigger={(press) => <button {...press}>Account menu</button>}
    />,
  );
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
    renderSlot(Menu);
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

  it('asks for the menu when the pointer goes down on the stand-in, as the real trigger opens', async () => {
    let arrive: (menu: typeof RealMenu) => void = () => undefined;
    const Menu = lazyWithPreload(
      () => new Promise<typeof RealMenu>((resolve) => (arrive = resolve)),
    );
    renderSlot(Menu);
    // The press begins on the stand-in; the menu arrives and takes its place before the click.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Account menu' }), { button: 0 });
    await act(async () => arrive(RealMenu));
    expect(await screen.findByText('menu open')).toBeTruthy();
  });

  it('leaves the menu closed for another button of the pointer', async () => {
    const Menu = lazyWithPreload(async () => RealMenu);
    renderSlot(Menu);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Account menu' }), { button: 2 });
    expect(await screen.findByText('menu closed')).toBeTruthy();
  });
});
