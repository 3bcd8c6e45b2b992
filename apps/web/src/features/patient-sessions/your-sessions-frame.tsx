// Your sessions as it stands before the bookings are known: the patient's prerendered frame draws
// it (app/app.tsx, decision 0017), and so does the dashboard while the bookings load, so filling it
// in moves nothing below. Kept free of the sessions' tools, as the frame is part of every first load.
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';

/** The box with its heading, and beside it (once the bookings are known) the past sessions' toggle. */
export function YourSessionsBox({
  children,
  besideHeading,
}: {
  children: ReactNode;
  besideHeading?: ReactNode;
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="your-sessions-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {/* One line however narrow the phone: a wrapped toggle, arriving with the bookings, would
          move everything below. */}
      <div className="flex items-baseline justify-between gap-x-3">
        <h2
          id="your-sessions-heading"
          className="min-w-0 truncate text-base font-semibold text-slate-900"
        >
          {t('sessions.heading')}
        </h2>
        {besideHeading}
      </div>
      {children}
    </section>
  );
}

/**
 * The bookings on their way, in the shape of the likeliest and smallest answer: the Upcoming label
 * over one line's box ('No upcoming sessions…'), so an empty list does not shrink the box.
 */
export function YourSessionsSkeleton() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('sessions.loading')}
      className="mt-3 grid animate-pulse grid-cols-1 gap-4 motion-reduce:animate-none lg:grid-cols-2"
    >
      {/* In the Upcoming column, as the list lays it out. */}
      <div>
        <div className="mb-2 h-5 w-28 rounded bg-slate-200" />
        {/* The empty list's box: room for two lines on a phone, one from 640 px. */}
        <div className="h-[4.125rem] rounded-xl border border-dashed border-slate-300 bg-slate-50 sm:h-[2.875rem]" />
      </div>
    </div>
  );
}

/** Your sessions before the bookings are known. */
export function YourSessionsFrame() {
  return (
    <YourSessionsBox>
      <YourSessionsSkeleton />
    </YourSessionsBox>
  );
}
