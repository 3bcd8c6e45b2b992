import { describe, expect, it } from 'vitest';
import { revealSideways } from './day-strip';

/** An element whose box is `left`..`right` (as laid out, after any scrolling of its row). */
function boxed(left: number, right: number) {
  const element = document.createElement('div');
  element.getBoundingClientRect = () => ({ left, right, top: 0, bottom: 0 }) as DOMRect;
  return element;
}

describe('revealSideways', () => {
  it('scrolls the row right or left just enough to show the day, and leaves a shown one be', () => {
    const row = boxed(16, 359);
    row.scrollLeft = 100;
    revealSideways(row, boxed(400, 472));
    expect(row.scrollLeft).toBe(213);
    revealSideways(row, boxed(-40, 32));
    expect(row.scrollLeft).toBe(157);
    revealSideways(row, boxed(100, 172));
    expect(row.scrollLeft).toBe(157);
  });
});
