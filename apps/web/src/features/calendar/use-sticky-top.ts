import { useEffect, useState } from 'react';

/**
 * How far below the top of the window the grid's day headers stick: under the app's own sticky header
 * (the page's banner), never over or under it. Followed as that header changes height (a phone
 * wrapping its title, a zoomed page).
 */
export function useStickyTop(): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('body header');
    if (!header) return;
    // Read when the browser lays the page out anyway (a resize observer's first call, or the next
    // frame, comes before the next paint): measuring right after the grid is inserted made the
    // browser lay out all its cells inside that task, part of one long task on a phone.
    const measure = () => {
      if (!['sticky', 'fixed'].includes(getComputedStyle(header).position)) return;
      setTop(Math.ceil(header.getBoundingClientRect().height));
    };
    if (typeof ResizeObserver === 'undefined') {
      const frame = requestAnimationFrame(measure);
      return () => cancelAnimationFrame(frame);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return top;
}
