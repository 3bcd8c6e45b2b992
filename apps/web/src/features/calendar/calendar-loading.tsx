import { SLOT_START_MINUTES } from '@sukoon/shared';
import { SkeletonList } from '../../components/ui/skeleton';
import { useT } from '../../i18n/i18n';
import { ROW_HEIGHT_PX } from './layout';

/** Where the week grid goes until its first render: about its height, so nothing below jumps. */
export function WeekLoading() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('calendar.loadingWeek')}
      className="animate-pulse rounded-xl border border-slate-200 bg-white motion-reduce:animate-none"
      // The day headers, a row per half hour of the working day and the closing time's label.
      style={{ height: 64 + SLOT_START_MINUTES.length * ROW_HEIGHT_PX + 28 }}
    />
  );
}

/** Where the month grid goes while its code loads: about its height, so nothing below jumps. */
export function MonthLoading() {
  const t = useT();
  return (
    <SkeletonList
      label={t('calendar.loadingMonth')}
      rows={6}
      className="min-h-[27rem] sm:min-h-[47rem]"
    />
  );
}
