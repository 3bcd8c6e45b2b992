import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  LANGUAGES,
  psychologistsPath,
  sameClockTime,
  SPECIALIZATIONS,
  type Language,
  type ListPsychologistsQuery,
  type PsychologistListItem,
  type Specialization,
  zoneAbbreviation,
} from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n, useT, type Translate } from '../../i18n/i18n';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { deviceTimeZone, formatNextAvailable } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { policySummaryLines } from '../policy/policy-words';
import { SPECIALIZATION_NAMES } from '../../i18n/shared-words';
import { FIELD_CLASS } from '../../components/ui/field-class';

interface PsychologistChooserProps {
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/**
 * Psychologists a patient can book with, soonest free first. Without filters this is the one list
 * the dashboard shares (the chooser, the sessions' time zones); with filters the server narrows it.
 */
export function usePsychologists(filters: ListPsychologistsQuery = {}) {
  const filtered = Boolean(filters.specialization || filters.language);
  return useQuery({
    queryKey: filtered ? ['psychologists', 'filtered', filters] : ['psychologists'],
    queryFn: ({ signal }) =>
      api<PsychologistListItem[]>('GET', psychologistsPath(filters), { signal }),
    // The cards stay while another filter's answer arrives, instead of flashing "Loading".
    placeholderData: filtered ? keepPreviousData : undefined,
  });
}

/** 'AR' for 'Dr. Asha Rao': the first letters of the first two words after a title. */
export function nameInitials(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !/^(dr|mr|mrs|ms|prof)\.?$/i.test(word));
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return (
    letters
      .map((word) => [...word][0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/** The languages' names in the page's language (the filter's value stays the English name). */
const LANGUAGE_NAME: Record<Language, MessageKey> = {
  English: 'chooser.languageName.English',
  Assamese: 'chooser.languageName.Assamese',
  Bengali: 'chooser.languageName.Bengali',
  Bodo: 'chooser.languageName.Bodo',
  Dogri: 'chooser.languageName.Dogri',
  Gujarati: 'chooser.languageName.Gujarati',
  Hindi: 'chooser.languageName.Hindi',
  Kannada: 'chooser.languageName.Kannada',
  Kashmiri: 'chooser.languageName.Kashmiri',
  Konkani: 'chooser.languageName.Konkani',
  Maithili: 'chooser.languageName.Maithili',
  Malayalam: 'chooser.languageName.Malayalam',
  Manipuri: 'chooser.languageName.Manipuri',
  Marathi: 'chooser.languageName.Marathi',
  Nepali: 'chooser.languageName.Nepali',
  Odia: 'chooser.languageName.Odia',
  Punjabi: 'chooser.languageName.Punjabi',
  Sanskrit: 'chooser.languageName.Sanskrit',
  Santali: 'chooser.languageName.Santali',
  Sindhi: 'chooser.languageName.Sindhi',
  Tamil: 'chooser.languageName.Tamil',
  Telugu: 'chooser.languageName.Telugu',
  Urdu: 'chooser.languageName.Urdu',
};

function Fees({ psychologist }: { psychologist: PsychologistListItem }) {
  const t = useT();
  return (
    <span className="text-sm text-slate-600">
      {t('chooser.fees', {
        fee20: formatRupees(psychologist.session_20_minute_rate),
        fee45: formatRupees(psychologist.session_45_minute_rate),
      })}
    </span>
  );
}

function specializationsOf(t: Translate, psychologist: PsychologistListItem): string {
  return psychologist.specializations.map((value) => t(SPECIALIZATION_NAMES[value])).join(' · ');
}

function NextAvailable({ psychologist }: { psychologist: PsychologistListItem }) {
  const { t, rich } = useI18n();
  if (!psychologist.next_available) {
    return <span className="text-sm text-slate-600">{t('chooser.noFreeTime')}</span>;
  }
  const start = new Date(psychologist.next_available);
  const viewer = deviceTimeZone();
  const own = sameClockTime(psychologist.timeZone, viewer, [start]);
  const when = formatNextAvailable(start, psychologist.timeZone);
  const time = (chunks: ReactNode) => <span className="font-medium text-brand-800">{chunks}</span>;
  return (
    <span className="text-sm text-slate-800">
      {own
        ? rich('chooser.nextAvailable', { time, when })
        : rich('chooser.nextAvailableElsewhere', {
            time,
            when,
            viewer: (chunks: ReactNode) => <span className="text-slate-600">{chunks}</span>,
            zone: zoneAbbreviation(psychologist.timeZone, start),
            yourWhen: formatNextAvailable(start, viewer),
          })}
    </span>
  );
}

/** The psychologist's practice policy as the patient reads it, folded under their name. */
function PolicySummary({ psychologist }: { psychologist: PsychologistListItem }) {
  const t = useT();
  return (
    <details className="group mt-1 text-sm">
      <summary className="cursor-pointer rounded-md py-1.5 font-medium text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700">
        {t('chooser.policy')}
      </summary>
      <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-5 text-slate-700">
        {policySummaryLines(t, psychologist.policy).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {nameInitials(name)}
    </span>
  );
}

const selectClass = FIELD_CLASS;

/**
 * Which psychologist's calendar a patient has open, and the cards to choose one by: specializations,
 * languages, fees and the next free time, filtered by specialization and language, soonest first. A
 * `psychologistId` in the link preselects; with only one psychologist, that one is chosen.
 */
export function PsychologistChooser({ selectedId, onSelect }: PsychologistChooserProps) {
  const all = usePsychologists();
  const [filters, setFilters] = useState<ListPsychologistsQuery>({});
  const filtered = usePsychologists(filters);
  const selected = all.data?.find((p) => p.id === selectedId) ?? null;
  const [open, setOpen] = useState(false);
  const only = all.data?.length === 1 ? all.data[0] : undefined;
  const ids = { specialization: useId(), language: useId() };
  const t = useT();

  useEffect(() => {
    if (!selectedId && only) onSelect(only.id);
  }, [selectedId, only, onSelect]);

  if (all.isPending) {
    // With one chosen (a shared link, a reload), a stand-in of its card's height, so the card's
    // arrival does not push the times below it down (issue 19).
    return selectedId ? (
      <div
        key="stand-in"
        role="status"
        aria-label={t('chooser.loadingLabel')}
        className="h-[8.875rem] animate-pulse rounded-xl border border-slate-200 bg-white motion-reduce:animate-none"
      />
    ) : (
      <p role="status" className="text-sm text-slate-600">
        {t('chooser.loading')}
      </p>
    );
  }
  if (all.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {all.error.message}
      </p>
    );
  }

  if (selected && !open) {
    return (
      <div
        key="card"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
      >
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={selected.displayName} />
          <div className="flex min-w-0 flex-col">
            <span className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('chooser.bookingWith')}
            </span>
            <span className="truncate font-semibold text-slate-900">{selected.displayName}</span>
            {selected.specializations.length > 0 && (
              <span className="text-sm text-slate-700">{specializationsOf(t, selected)}</span>
            )}
            <Fees psychologist={selected} />
            <PolicySummary psychologist={selected} />
          </div>
        </div>
        {all.data.length > 1 && (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            {t('chooser.switch')}
          </Button>
        )}
      </div>
    );
  }

  // Soonest free first, as the server sorts them (GET /api/psychologists).
  const cards = filtered.data ?? [];
  const anyFilter = Boolean(filters.specialization || filters.language);
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{t('chooser.choose')}</legend>
      {selectedId && !selected && (
        <p className="mb-2 text-sm text-amber-800">{t('chooser.linkUnavailable')}</p>
      )}
      {all.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('chooser.none')}</p>
      ) : (
        <>
          <div className="mb-3 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.specialization} className="text-sm font-medium text-slate-800">
                {t('chooser.specialization')}
              </label>
              <select
                id={ids.specialization}
                className={selectClass}
                value={filters.specialization ?? ''}
                onChange={(event) =>
                  setFilters(({ specialization: _old, ...rest }) =>
                    event.target.value
                      ? { ...rest, specialization: event.target.value as Specialization }
                      : rest,
                  )
                }
              >
                <option value="">{t('chooser.anySpecialization')}</option>
                {SPECIALIZATIONS.map((value) => (
                  <option key={value} value={value}>
                    {t(SPECIALIZATION_NAMES[value])}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.language} className="text-sm font-medium text-slate-800">
                {t('chooser.language')}
              </label>
              <select
                id={ids.language}
                className={selectClass}
                value={filters.language ?? ''}
                onChange={(event) =>
                  setFilters(({ language: _old, ...rest }) =>
                    event.target.value
                      ? { ...rest, language: event.target.value as Language }
                      : rest,
                  )
                }
              >
                <option value="">{t('chooser.anyLanguage')}</option>
                {LANGUAGES.map((value) => (
                  <option key={value} value={value}>
                    {t(LANGUAGE_NAME[value])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p role="status" className="mb-2 text-sm text-slate-600">
            {filtered.isPending
              ? t('chooser.finding')
              : filtered.isError
                ? filtered.error.message
                : t(anyFilter ? 'chooser.countMatching' : 'chooser.count', {
                    count: cards.length,
                  })}
          </p>
          {cards.length === 0 && !filtered.isPending && !filtered.isError ? (
            <p className="text-sm text-slate-700">{t('chooser.noMatch')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {cards.map((psychologist) => (
                <li key={psychologist.id} className="flex">
                  <button
                    type="button"
                    aria-pressed={psychologist.id === selectedId}
                    onClick={() => {
                      onSelect(psychologist.id);
                      setOpen(false);
                    }}
                    className={`flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-left hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 ${psychologist.id === selectedId ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
                  >
                    <Avatar name={psychologist.displayName} />
                    <span className="flex min-w-0 flex-col gap-0.5">
                      <span className="font-semibold text-slate-900">
                        {psychologist.displayName}
                      </span>
                      {psychologist.specializations.length > 0 && (
                        <span className="text-sm text-slate-700">
                          {psychologist.yearsOfPractice === null
                            ? specializationsOf(t, psychologist)
                            : t('chooser.specializationsWithYears', {
                                specializations: specializationsOf(t, psychologist),
                                years: psychologist.yearsOfPractice,
                              })}
                        </span>
                      )}
                      {psychologist.languages.length > 0 && (
                        <span className="text-sm text-slate-600">
                          {t('chooser.speaks', {
                            languages: psychologist.languages
                              .map((language) => t(LANGUAGE_NAME[language]))
                              .join(', '),
                          })}
                        </span>
                      )}
                      <Fees psychologist={psychologist} />
                      <NextAvailable psychologist={psychologist} />
                      {psychologist.bio && (
                        <span className="line-clamp-2 text-sm text-slate-600">
                          {psychologist.bio}
                        </span>
                      )}
                      {psychologist.registrationNumber && (
                        <span className="text-xs text-slate-500">
                          {t('chooser.registration', {
                            number: psychologist.registrationNumber,
                          })}
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
