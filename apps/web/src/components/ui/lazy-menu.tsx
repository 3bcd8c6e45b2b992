import { Component, Suspense, useState, type PointerEvent, type ReactNode } from 'react';
import type { PreloadableComponent } from '../../lib/lazy';

/** What a menu component fetched later gets: open at once when it was asked for before it came. */
export interface LazyMenuProps {
  defaultOpen?: boolean;
}

/**
 * What the stand-in trigger spreads on its button. It is pressed as the real Radix trigger is, when
 * the pointer goes down, so a press that begins on the stand-in still opens the menu if the menu
 * arrives and takes its place before the pointer comes up (Radix opens on pointer down and ignores
 * the click that follows, and that click was lost). A click covers Enter and Space.
 */
export interface StandInPress {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onClick: () => void;
}

interface LazyMenuSlotProps<Props extends LazyMenuProps> {
  Menu: PreloadableComponent<Props>;
  props: Omit<Props, 'defaultOpen'>;
  /**
   * The trigger as it is before the menu's code has arrived: a real button (same name, look and
   * place) that asks for the menu, so the header and grid are usable from the first paint.
   */
  trigger: (press: StandInPress) => ReactNode;
}

/** Presses of the stand-in that ask for the menu: the main button only, as Radix's trigger. */
function standInPress(request: () => void): StandInPress {
  return {
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) request();
    },
    onClick: request,
  };
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
    <FallBackOnFailure key={attempt} fallback={trigger(standInPress(retry))}>
      <Suspense fallback={trigger(standInPress(request))}>
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
