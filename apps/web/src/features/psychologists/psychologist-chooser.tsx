import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Psychologist } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { formatRupees } from '../../lib/money';

interface PsychologistChooserProps {
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function usePsychologists() {
  return useQuery({
    queryKey: ['psychologists'],
    queryFn: ({ signal }) => api<Psychologist[]>('GET', '/api/psychologists', { signal }),
  });
}

function Fees({ psychologist }: { psychologist: Psychologist }) {
  return (
    <span className="text-sm text-slate-600">
      {formatRupees(psychologist.session_20_minute_rate)} for 20 min ·{' '}
      {formatRupees(psychologist.session_45_minute_rate)} for 45 min
    </span>
  );
}

/**
 * Which psychologist's calendar a patient has open, and the list to switch (names and fees). A
 * `psychologistId` in the link preselects; with only one psychologist, that one is chosen.
 */
export function PsychologistChooser({ selectedId, onSelect }: PsychologistChooserProps) {
  const list = usePsychologists();
  const selected = list.data?.find((p) => p.id === selectedId) ?? null;
  const [open, setOpen] = useState(false);
  const only = list.data?.length === 1 ? list.data[0] : undefined;

  useEffect(() => {
    if (!selectedId && only) onSelect(only.id);
  }, [selectedId, only, onSelect]);

  if (list.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading psychologists...
      </p>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {list.error.message}
      </p>
    );
  }

  if (selected && !open) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
        <div className="flex min-w-0 flex-col">
          <span className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            Booking with
          </span>
          <span className="truncate font-semibold text-slate-900">{selected.displayName}</span>
          <Fees psychologist={selected} />
        </div>
        {list.data.length > 1 && (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Switch psychologist
          </Button>
        )}
      </div>
    );
  }

  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">Choose a psychologist</legend>
      {selectedId && !selected && (
        <p className="mb-2 text-sm text-amber-800">
          The psychologist in your link is not available. Please choose one below.
        </p>
      )}
      {list.data.length === 0 ? (
        <p className="text-sm text-slate-600">No psychologists are taking bookings yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((psychologist) => (
            <li key={psychologist.id}>
              <button
                type="button"
                aria-pressed={psychologist.id === selectedId}
                onClick={() => {
                  onSelect(psychologist.id);
                  setOpen(false);
                }}
                className={`flex w-full flex-col items-start rounded-lg border px-4 py-3 text-left hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 ${psychologist.id === selectedId ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
              >
                <span className="font-semibold text-slate-900">{psychologist.displayName}</span>
                <Fees psychologist={psychologist} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
