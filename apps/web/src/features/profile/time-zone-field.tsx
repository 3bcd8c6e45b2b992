import { useMemo, useState } from 'react';
import type { Locale } from '@sukoon/shared';
import { describedBy, Field } from '../../components/form/field';
import { FIELD_CLASS } from '../../components/ui/field-class';
import { useI18n, type Translate } from '../../i18n/i18n';
import { filterTimeZones, timeZoneChoices, type TimeZoneChoice } from './time-zones';

const cachedChoices = new Map<Locale, TimeZoneChoice[]>();
/**
 * Built once a language: about 400 zones, each asked for its offset. Keyed by the language, not by
 * India's name in it, which two languages could write alike.
 */
export function allTimeZones(locale: Locale, t: Translate) {
  let choices = cachedChoices.get(locale);
  if (!choices) {
    choices = timeZoneChoices(t('profile.field.timeZoneIndia'));
    cachedChoices.set(locale, choices);
  }
  return choices;
}

interface TimeZoneFieldProps {
  id: string;
  value: string;
  problem?: string | undefined;
  onChange: (zone: string) => void;
}

/** The profile's time zone: a select of every zone, and a search that narrows what it lists. */
export function TimeZoneField({ id, value, problem, onChange }: TimeZoneFieldProps) {
  const { locale, t } = useI18n();
  const choices = allTimeZones(locale, t);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const found = filterTimeZones(choices, search);
    // The chosen zone stays in the list, so a search never changes what is saved.
    return found.some((choice) => choice.value === value)
      ? found
      : [
          choices.find((choice) => choice.value === value) ?? {
            key: value,
            value,
            label: value.replaceAll('_', ' '),
          },
          ...found,
        ];
  }, [choices, search, value]);
  return (
    <Field
      id={id}
      label={t('profile.field.timeZone')}
      problem={problem}
      hint={
        <>
          {search.trim() && <>{t('profile.field.timeZonesShown', { count: shown.length })} </>}
          {t('profile.field.timeZoneHint')}
        </>
      }
    >
      <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <input
          type="search"
          aria-label={t('profile.field.timeZoneSearch')}
          aria-controls={id}
          placeholder={t('profile.field.timeZoneSearchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={FIELD_CLASS}
        />
        <select
          id={id}
          className={FIELD_CLASS}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(id, { problem, hint: true })}
          onChange={(event) => onChange(event.target.value)}
        >
          {shown.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}
