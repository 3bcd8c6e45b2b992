/** "Tuesday, 10 March 2026" and "10:00 AM – 10:45 AM" in a given zone, for the booking dialogs. */
export function formatSessionDate(start: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(start);
}

export function formatTimeRange(start: Date, end: Date, timeZone: string): string {
  const format = (instant: Date, zone: boolean) =>
    new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(zone ? { timeZoneName: 'short' } : {}),
    }).format(instant);
  return `${format(start, false)} – ${format(end, true)}`;
}
