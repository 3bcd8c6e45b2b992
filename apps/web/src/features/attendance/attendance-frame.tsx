// Today's Attendance and the tip as they stand before any session is known: the psychologist's
// prerendered frame draws them (app/app.tsx, decision 0017), and so does the dashboard while the
// sessions load, so filling them in moves nothing below. Kept free of the attendance tools, as the
// frame is part of every first load.
import type { ReactNode } from 'react';
import { useI18n, useT } from '../../i18n/i18n';

/** Today's Attendance's box: the heading and what goes under it. */
export function TodayAttendanceBox({
  label,
  heading,
  children,
}: {
  label: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {heading}
      {children}
    </section>
  );
}

/**
 * Today's sessions on their way: one line, the height of 'No sessions today.' (the likeliest answer
 * and the smallest), so an empty day does not shrink the box.
 */
export function TodaySessionsSkeleton() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('attendance.today.loading')}
      className="h-5 w-2/5 animate-pulse rounded bg-slate-200 motion-reduce:animate-none"
    />
  );
}

/** The tip that a session in the scheduler opens for marking. */
export function AttendanceTip() {
  const { rich } = useI18n();
  return (
    <p className="rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      {rich('attendance.tip', {
        strong: (chunks) => <strong className="font-semibold">{chunks}</strong>,
      })}
    </p>
  );
}

/** Above the psychologist's calendar: Today's Attendance beside the tip. */
export function AttendanceBanner({ today }: { today: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {today}
      <AttendanceTip />
    </div>
  );
}

/** The banner before the psychologist's record and sessions are known. */
export function AttendanceBannerFrame() {
  const t = useT();
  return (
    <AttendanceBanner
      today={
        <TodayAttendanceBox
          label={t('attendance.today.title')}
          heading={
            <h2 className="text-base font-semibold text-slate-900">
              {t('attendance.today.title')}
            </h2>
          }
        >
          <div className="mt-3">
            <TodaySessionsSkeleton />
          </div>
        </TodayAttendanceBox>
      }
    />
  );
}
