import {
  DEFAULT_JITSI_SERVER,
  MEETING_LINK_METHODS,
  type MeetingLinkMethod,
  type MeetingLinks,
  type MeetingLinksSetting,
} from '@sukoon/shared';
import { FIELD_CLASS } from '../../components/ui/field-class';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';

/** The form's copy of the choice: both addresses stay typed while the method changes. */
export interface MeetingLinkValues {
  method: MeetingLinkMethod;
  jitsiServer: string;
  personalLink: string;
}

export function meetingLinkValues(setting: MeetingLinksSetting | undefined): MeetingLinkValues {
  return {
    method: setting?.method ?? 'manual',
    jitsiServer: setting?.method === 'jitsi' ? setting.jitsiServer : DEFAULT_JITSI_SERVER,
    personalLink: setting?.method === 'personal' ? setting.personalLink : '',
  };
}

/** What PATCH sends: the method and only the address that goes with it (checked by the shared schema). */
export function meetingLinksBody(values: MeetingLinkValues): MeetingLinks {
  if (values.method === 'jitsi') return { method: 'jitsi', jitsiServer: values.jitsiServer };
  if (values.method === 'personal')
    return { method: 'personal', personalLink: values.personalLink };
  return { method: 'manual' };
}

/** Each way of making meeting links, as the profile offers it. */
const LABELS: Record<MeetingLinkMethod, MessageKey> = {
  manual: 'profile.meeting.method.manual',
  jitsi: 'profile.meeting.method.jitsi',
  personal: 'profile.meeting.method.personal',
};

const HINTS: Record<MeetingLinkMethod, MessageKey> = {
  manual: 'profile.meeting.hint.manual',
  jitsi: 'profile.meeting.hint.jitsi',
  personal: 'profile.meeting.hint.personal',
};

interface MeetingLinkFieldsProps {
  value: MeetingLinkValues;
  error?: string | undefined;
  onChange: (value: MeetingLinkValues) => void;
}

/** Profile's "Meeting links": how a newly booked session gets its link; booked ones keep theirs. */
export function MeetingLinkFields({ value, error, onChange }: MeetingLinkFieldsProps) {
  const t = useT();
  const address =
    value.method === 'jitsi'
      ? {
          key: 'jitsiServer' as const,
          label: t('profile.meeting.jitsiServer'),
          hint: t('profile.meeting.jitsiServerHint', { server: DEFAULT_JITSI_SERVER }),
          placeholder: DEFAULT_JITSI_SERVER,
        }
      : value.method === 'personal'
        ? {
            key: 'personalLink' as const,
            label: t('profile.meeting.personalLink'),
            hint: t('profile.meeting.personalLinkHint'),
            placeholder: 'https://meet.google.com/abc-defg-hij',
          }
        : null;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'profile-meetingLinks-error' : 'profile-meetingLinks-hint'}
    >
      <legend className="text-sm font-medium text-slate-800">{t('profile.meeting.title')}</legend>
      <div className="flex flex-col gap-1">
        {MEETING_LINK_METHODS.map((method) => (
          <div key={method} className="flex flex-col gap-1">
            <label className="flex min-h-9 cursor-pointer items-start gap-2 rounded-md px-1 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
              <input
                type="radio"
                name="meeting-link-method"
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
                checked={value.method === method}
                onChange={() => onChange({ ...value, method })}
              />
              {t(LABELS[method])}
            </label>
            {/* The address goes right under the choice it belongs to. */}
            {address && value.method === method && (
              <div className="mb-1 flex flex-col gap-1 pl-7">
                <label
                  htmlFor="profile-meeting-address"
                  className="text-sm font-medium text-slate-800"
                >
                  {address.label}
                </label>
                <input
                  id="profile-meeting-address"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  className={FIELD_CLASS}
                  placeholder={address.placeholder}
                  value={value[address.key]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={
                    error ? 'profile-meetingLinks-error' : 'profile-meeting-address-hint'
                  }
                  onChange={(event) => onChange({ ...value, [address.key]: event.target.value })}
                />
                {!error && (
                  <p id="profile-meeting-address-hint" className="text-xs text-slate-600">
                    {address.hint}
                  </p>
                )}
              </div>
            )}
          </div>
        ))}
      </div>
      {error ? (
        <p id="profile-meetingLinks-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id="profile-meetingLinks-hint" className="text-xs text-slate-600">
          {t(HINTS[value.method])} {t('profile.meeting.bookedKeepTheirs')}
        </p>
      )}
    </fieldset>
  );
}
