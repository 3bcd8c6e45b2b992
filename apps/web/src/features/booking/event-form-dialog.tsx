import { useRef, useState, type ReactNode } from 'react';
import { EVENT_COLORS, type EventColor, type Role } from '@sukoon/shared';
import { RadioPills } from '../../components/form/radio-pills';
import {
  AddToCalendarLinks,
  sessionTemplateEvent,
} from '../../components/ui/add-to-calendar-links';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';
import { zoneLabel } from '../../lib/dates';
import { meetingHref } from '../../lib/links';
import { formatRupees } from '../../lib/money';
import { ConfirmCloseDialog } from './confirm-close-dialog';
import { DIALOG_ACTIONS } from './dialog-actions';
import { EventTextFields } from './event-text-fields';
import { EventTimeFields } from './event-time-fields';
import { useEventForm, type EventFormInitial, type EventFormValues } from './use-event-form';

export type { EventFormValues } from './use-event-form';

/** What the form offers a section shown under it that saves on its own (Patient Attendance). */
export interface FormExtraContext {
  /** The section holds typing not saved yet (or no longer): closing then asks first. */
  onUnsavedChange: (unsaved: boolean) => void;
  /** The form or the section holds changes not saved yet. */
  unsaved: boolean;
  /** Closes the form (a section that hands over to another dialog, as Reschedule does). */
  close: () => void;
}

interface EventFormDialogProps {
  open: boolean;
  role: Role;
  /** 'Add Event' for a new one; 'Edit Event' for a psychologist's existing event. */
  mode: 'add' | 'edit';
  timeZone: string;
  initial: EventFormInitial;
  /** The fee in rupees for each length (patients only). */
  feeFor?: (duration: EventFormValues['durationMinutes']) => number;
  /** Shown above the buttons: the server's answer when it refused (slot taken, ...). */
  serverError?: string | null;
  busy?: boolean;
  /** A psychologist editing a session they may not move (a patient's paid booking). */
  timeLocked?: boolean;
  /**
   * A psychologist's event with a patient (their booking). Problems Facing is the patient's to tell,
   * so a psychologist's own event does not ask for it. A patient's form always has it.
   */
  withPatient?: boolean;
  /**
   * A section shown under the form's fields when a psychologist edits an existing event (Patient
   * Attendance). It is outside the <form>: it saves on its own and never submits the event.
   */
  extra?: ((context: FormExtraContext) => ReactNode) | undefined;
  onSubmit: (values: EventFormValues) => void;
  onClose: () => void;
}

const COLOR_LABEL: Record<EventColor, MessageKey> = {
  blue: 'booking.color.blue',
  red: 'booking.color.red',
  green: 'booking.color.green',
  yellow: 'booking.color.yellow',
};
const COLOR_SWATCH: Record<EventColor, string> = {
  blue: 'bg-blue-500',
  red: 'bg-red-500',
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
};

/**
 * The Add Event modal (specification, section 2): title, Problems Facing (a session with a patient),
 * Meeting Link (psychologist), when (EventTimeFields), the Session Fee (patient), colour, and Book
 * Event. Closing with unsaved changes asks first.
 */
export function EventFormDialog(props: EventFormDialogProps) {
  const { open, role, mode, timeZone, initial, feeFor, serverError, busy } = props;
  const t = useT();
  const isPatient = role === 'patient';
  const withPatient = isPatient || props.withPatient === true;
  // A new event may leave its meeting link empty: the psychologist's Meeting links setting (Profile)
  // makes one, and the server says so when that setting is "I paste a link". A saved one keeps one.
  const linkRequired = mode === 'edit';
  // What Continue does in the confirm-close question: close, or save and then close.
  const [confirmClose, setConfirmClose] = useState<(() => void) | null>(null);
  const [extraUnsaved, setExtraUnsaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const event = useEventForm({
    formRef,
    initial,
    timeZone,
    withPatient,
    asksLink: !isPatient,
    linkRequired,
    timeLocked: props.timeLocked === true,
    // Saving closes the form, and Save Changes does not save the section's own typing (notes).
    onValid: (values) =>
      extraUnsaved ? setConfirmClose(() => () => props.onSubmit(values)) : props.onSubmit(values),
  });
  const { values } = event.form;
  const fee = isPatient && feeFor ? feeFor(values.duration) : null;
  const formId = `${event.prefix}form`;

  function requestClose() {
    if ((event.dirty || extraUnsaved) && !busy) setConfirmClose(() => props.onClose);
    else if (!busy) props.onClose();
  }

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => !next && requestClose()}
        title={t(mode === 'add' ? 'booking.addTitle' : 'booking.editTitle')}
        description={t('booking.zoneNote', { zone: zoneLabel(timeZone) })}
        focusDialogOnOpen={mode === 'edit'}
      >
        <div className="flex flex-col gap-4">
          <form
            ref={formRef}
            id={formId}
            noValidate
            onSubmit={event.submit}
            className="flex flex-col gap-4"
          >
            <p className="-mb-2 text-xs text-slate-600">{t('booking.requiredNote')}</p>
            <EventTextFields
              event={event}
              initial={initial}
              mode={mode}
              withPatient={withPatient}
              asksLink={!isPatient}
              linkRequired={linkRequired}
            />
            <EventTimeFields event={event} locked={props.timeLocked === true} />
            {fee !== null && (
              <div className="flex items-center justify-between rounded-xl border border-brand-100 bg-brand-50 px-4 py-3">
                <span className="text-sm font-medium text-brand-800">{t('booking.fee')}</span>
                <span className="text-lg font-semibold text-brand-800">{formatRupees(fee)}</span>
              </div>
            )}
            <RadioPills
              legend={t('booking.field.colour')}
              name={`${event.prefix}color`}
              options={EVENT_COLORS}
              value={values.color}
              onChange={(color) => event.form.set('color', color)}
              label={(color) => (
                <>
                  <span
                    aria-hidden="true"
                    className={`size-3 rounded-full ${COLOR_SWATCH[color]}`}
                  />
                  {t(COLOR_LABEL[color])}
                </>
              )}
              className="flex flex-wrap gap-2"
              pillClass={(chosen) =>
                `gap-2 px-3 py-1.5 ${chosen ? 'border-slate-800 font-semibold' : 'border-slate-300'}`
              }
            />
          </form>

          {props.extra?.({
            onUnsavedChange: setExtraUnsaved,
            unsaved: event.dirty || extraUnsaved,
            close: props.onClose,
          })}

          {mode === 'edit' && (
            // The session as it is saved: a patient's session without their words (as the feed).
            <AddToCalendarLinks
              name={t('booking.thisSession')}
              event={sessionTemplateEvent(
                {
                  title: withPatient
                    ? t('booking.calendarTitle', { minutes: initial.durationMinutes })
                    : (initial.title ?? t('booking.calendarTitleOwn')),
                  start: initial.start,
                  end: new Date(initial.start.getTime() + initial.durationMinutes * 60_000),
                  meetingLink: meetingHref(initial.meetingLink),
                },
                t,
              )}
            />
          )}

          {serverError && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {serverError}
            </p>
          )}
          <div
            className={`${DIALOG_ACTIONS} flex flex-col-reverse gap-2 sm:flex-row sm:justify-end`}
          >
            <Button type="button" variant="secondary" onClick={requestClose} disabled={busy}>
              {t('booking.cancel')}
            </Button>
            <Button type="submit" form={formId} disabled={busy}>
              {busy
                ? t('booking.saving')
                : fee !== null
                  ? t('booking.bookWithFee', { fee: formatRupees(fee) })
                  : t(mode === 'add' ? 'booking.book' : 'booking.save')}
            </Button>
          </div>
        </div>
      </Modal>
      <ConfirmCloseDialog
        open={confirmClose !== null}
        onCancel={() => setConfirmClose(null)}
        onContinue={() => {
          setConfirmClose(null);
          confirmClose?.();
        }}
      />
    </>
  );
}
