import { Component, Suspense, useState, type ReactNode } from 'react';
import type { PreloadableComponent } from '../../lib/lazy';

/** What a menu component fetched later gets: open at once when it was asked for before it came. */
export interface LazyMenuProps {
  defaultOpen?: boolean;
}

interface LazyMenuSlotProps<Props extends LazyMenuProps> {
  Menu: PreloadableComponent<Props>;
  props: Omit<Props, 'defaultOpen'>;
  /**
   * The trigger as it is before the menu's code has arrived: a real button (same name, look and
   * place) that asks for the menu, so the header and grid are usable from the first paint.
   */
  trigger: (request: () => void) => ReactNode;
}

/**
 * A Radix menu kept out of the first load. Until its chunk arrives (it is preloaded when the page is
 * idle) a look-alike trigger stands in; pressed, it fetches the menu, which then opens by itself.
 */
export function LazyMenuSlot<Props extends LazyMenuProps>({
  Menu,
  props,
  trigger,
}: LazyMenuSlotProps<Props>) {
  const [requested, setRequested] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const request = () => {
    setRequested(true);
    void Menu.preload().catch(() => undefined);
  };
  const retry = () => {
    request();
    setAttempt((count) => count + 1);
  };
  const menuProps = { ...props, defaultOpen: requested } as Props;
  return (
    <FallBackOnFailure key={attempt} fallback={trigger(retry)}>
      <Suspense fallback={trigger(request)}>
        <Menu {...menuProps} />
      </Suspense>
    </FallBackOnFailure>
  );
}

/**
 * When the menu's chunk could not be fetched (offline, or a new release removed it), the look-alike
 * trigger stays, and pressing it tries again, rather than the failure taking the page down.
 */
class FallBackOnFailure extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
