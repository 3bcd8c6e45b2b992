import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { UpdatePsychologistBody, type Psychologist } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useDialogFocus } from '../../components/ui/modal';
import { ApiError, api } from '../../lib/api-client';

interface ProfileDialogProps {
  psychologistId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const TIME_ZONES: string[] = Intl.supportedValuesOf('timeZone');

type Field = 'displayName' | 'timeZone' | 'session_20_minute_rate' | 'session_45_minute_rate';

/** The psychologist's own profile: display name, time zone and session fees in rupees. */
export function ProfileDialog({ psychologistId, open, onOpenChange }: ProfileDialogProps) {
  const profile = useQuery({
    queryKey: ['psychologists', psychologistId],
    queryFn: ({ signal }) =>
      api<Psychologist>('GET', `/api/psychologists/${psychologistId}`, { signal }),
    enabled: open,
  });
  const dialogFocus = useDialogFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          {...dialogFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">Profile</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Patients see your name and fees; your calendar and working hours follow your time zone.
          </Dialog.Description>
          {profile.data ? (
            <ProfileForm profile={profile.data} onDone={() => onOpenChange(false)} />
          ) : (
            <p role="status" className="mt-4 text-sm text-slate-600">
              {profile.isError ? profile.error.message : 'Loading...'}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProfileForm({ profile, onDone }: { profile: Psychologist; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    displayName: profile.displayName,
    timeZone: profile.timeZone,
    session_20_minute_rate: String(profile.session_20_minute_rate),
    session_45_minute_rate: String(profile.session_45_minute_rate),
  });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const save = useMutation({
    mutationFn: (body: UpdatePsychologistBody) =>
      api<Psychologist>('PATCH', `/api/psychologists/${profile.id}`, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(['psychologists', profile.id], saved);
      await queryClient.invalidateQueries({ queryKey: ['psychologists'] });
      await queryClient.invalidateQueries({ queryKey: ['availability'] });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.details?.length) {
        setErrors(
          Object.fromEntries(
            error.details.map((d) => [d.path.replace(/^body\.?/, '') || 'form', d.message]),
          ),
        );
      } else {
        setErrors({ form: error.message });
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same schema the server validates with, so a mistake is caught before the request.
    const parsed = UpdatePsychologistBody.safeParse({
      displayName: values.displayName,
      timeZone: values.timeZone,
      session_20_minute_rate:
        values.session_20_minute_rate === '' ? undefined : Number(values.session_20_minute_rate),
      session_45_minute_rate:
        values.session_45_minute_rate === '' ? undefined : Number(values.session_45_minute_rate),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const field = (name: Field, label: string, input: React.ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`profile-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {input}
      {hint && !errors[name] && <p className="text-xs text-slate-500">{hint}</p>}
      {errors[name] && (
        <p id={`profile-${name}-error`} className="text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const inputClass =
    'rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-500';
  const bind = (name: Field) => ({
    id: `profile-${name}`,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors(({ [name]: _fixed, ...rest }) => rest);
    },
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      {field(
        'displayName',
        'Display name',
        <input {...bind('displayName')} className={inputClass} autoComplete="name" />,
      )}
      {field(
        'timeZone',
        'Time zone',
        <select {...bind('timeZone')} className={inputClass}>
          {TIME_ZONES.includes(values.timeZone) ? null : (
            <option value={values.timeZone}>{values.timeZone}</option>
          )}
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>,
        'Working hours (9:00 AM to 9:00 PM) and your calendar follow this zone.',
      )}
      <div className="grid grid-cols-2 gap-3">
        {field(
          'session_20_minute_rate',
          '20-minute fee (₹)',
          <input
            {...bind('session_20_minute_rate')}
            className={inputClass}
            inputMode="numeric"
            type="number"
            min={1}
            step={1}
          />,
        )}
        {field(
          'session_45_minute_rate',
          '45-minute fee (₹)',
          <input
            {...bind('session_45_minute_rate')}
            className={inputClass}
            inputMode="numeric"
            type="number"
            min={1}
            step={1}
          />,
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
