import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The current time, so what depends on it (past, started, Join) moves on: at each minute's turn
 * (a session starting at 5:00 PM shows as started at 5:00, not up to a minute later), and at once
 * when the page is shown again, since a phone lets a background tab's timers sleep for as long as
 * the person is away.
 */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer = 0;
    const minuteOf = (time: number) => Math.floor(time / MINUTE_MS);
    let drawnMinute = minuteOf(Date.now());
    const tick = () => {
      window.clearTimeout(timer);
      const current = new Date();
      drawnMinute = minuteOf(current.getTime());
      setNow(current);
      timer = window.setTimeout(tick, MINUTE_MS - (Date.now() % MINUTE_MS));
    };
    // Shown again in a later minute: the page is drawn again with the new time (a page shown again
    // within the minute, or loading for the first time, keeps its time and is not drawn again).
    const shown = (event: Event) => {
      if (document.visibilityState !== 'visible') return;
      if (event instanceof PageTransitionEvent && !event.persisted) return;
      if (minuteOf(Date.now()) === drawnMinute) return;
      tick();
    };
    timer = window.setTimeout(tick, MINUTE_MS - (Date.now() % MINUTE_MS));
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('pageshow', shown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('pageshow', shown);
    };
  }, []);
  return now;
}
