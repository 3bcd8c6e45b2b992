import { sameClockTime, type Role, type WeekStart } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { COMPACT_FIELD_CLASS } from '../../components/ui/field-class';
import { useT } from '../../i18n/i18n';
import { deviceTimeZone, zoneLabel } from '../../lib/dates';
import { formatDate } from './layout';

interface CalendarHeaderProps {
  role: Role;
  psychologistName: string;
  timeZone: string;
  /** The first and last instant shown: the viewer's zone is named where its clock differs. */
  shownInstants: Date[];
  weekStart: WeekStart;
  onWeekStart: (value: WeekStart) => void;
  /** The first free start shown (a patient's Add Event books it); null when none. */
  nextFree: Date | null;
  onChooseFree: (start: Date) => void;
  /** A psychologist's Add Event. */
  onAddEvent?: () => void;
}

/** Whose calendar, in which zone, the first day of the week, and Add Event. */
export function CalendarHeader({
  role,
  psychologistName,
  timeZone,
  shownInstants,
  weekStart,
  onWeekStart,
  nextFree,
  onChooseFree,
  onAddEvent,
}: CalendarHeaderProps) {
  const t = useT();
  const isPsychologist = role === 'psychologist';
  const viewerZone = deviceTimeZone();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">
          {isPsychologist
            ? t('calendar.heading.own')
            : t('calendar.heading.other', { name: psychologistName })}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          {t(isPsychologist ? 'calendar.zone.own' : 'calendar.zone.psychologist', {
            zone: zoneLabel(timeZone),
          })}
          {!sameClockTime(viewerZone, timeZone, shownInstants) && (
            <> {t('calendar.zone.device', { zone: zoneLabel(viewerZone) })}</>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t('calendar.weekStartsOn')}
          <select
            value={weekStart}
            onChange={(event) => onWeekStart(event.target.value as WeekStart)}
            className={COMPACT_FIELD_CLASS}
          >
            {/* A Monday and a Sunday, named by the date helpers in the page's language. */}
            <option value="monday">{formatDate('2026-11-23', { weekday: 'long' })}</option>
            <option value="sunday">{formatDate('2026-11-22', { weekday: 'long' })}</option>
          </select>
        </label>
        {role === 'patient' && (
          <Button
            disabled={!nextFree}
            title={nextFree ? undefined : t('calendar.noFreeSlot')}
            onClick={() => nextFree && onChooseFree(nextFree)}
          >
            {t('calendar.addEvent')}
          </Button>
        )}
        {isPsychologist && onAddEvent && (
          <Button onClick={onAddEvent}>{t('calendar.addEvent')}</Button>
        )}
      </div>
    </div>
  );
}
