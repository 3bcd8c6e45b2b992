import { DESCRIPTION_MAX_LENGTH, MEETING_LINK_MAX_LENGTH, TITLE_MAX_LENGTH } from '@sukoon/shared';
import { CharacterCount } from '../../components/form/character-count';
import { Field } from '../../components/form/field';
import { FIELD_CLASS } from '../../components/ui/field-class';
import { JOIN_LINK_CLASS, JoinSessionLink } from '../../components/ui/join-session-link';
import { useT } from '../../i18n/i18n';
import { useNow } from '../../lib/use-now';
import type { EventForm, EventFormInitial } from './use-event-form';

interface EventTextFieldsProps {
  event: EventForm;
  initial: EventFormInitial;
  mode: 'add' | 'edit';
  /** Problems Facing: a session with a patient. */
  withPatient: boolean;
  /** Meeting Link: a psychologist's form; required on a saved event. */
  asksLink: boolean;
  linkRequired: boolean;
}

/**
 * The event's words: its name, Problems Facing and the meeting link, each counted against its
 * limit as the server counts (trimmed). Text over a limit is kept as typed and flagged, never cut.
 */
export function EventTextFields({
  event,
  initial,
  mode,
  withPatient,
  asksLink,
  linkRequired,
}: EventTextFieldsProps) {
  const t = useT();
  const now = useNow();
  const { values, problems, bind, idOf } = event.form;
  const countOf = (name: 'title' | 'description' | 'meetingLink') => `${idOf(name)}-count`;
  const over = (text: string, max: number) => text.trim().length > max;
  return (
    <>
      <Field
        id={idOf('title')}
        label={t('booking.field.title')}
        required
        problem={problems.title}
        below={
          <CharacterCount
            id={countOf('title')}
            length={values.title.trim().length}
            max={TITLE_MAX_LENGTH}
          />
        }
      >
        <input
          {...bind('title', {
            invalid: over(values.title, TITLE_MAX_LENGTH),
            describedBy: [countOf('title')],
          })}
          className={FIELD_CLASS}
          aria-required="true"
          placeholder={t('booking.field.titlePlaceholder')}
        />
      </Field>
      {withPatient && (
        <Field
          id={idOf('description')}
          label={t('booking.field.description')}
          required
          problem={problems.description}
          below={
            <CharacterCount
              id={countOf('description')}
              length={values.description.trim().length}
              max={DESCRIPTION_MAX_LENGTH}
            />
          }
        >
          <textarea
            {...bind('description', {
              invalid: over(values.description, DESCRIPTION_MAX_LENGTH),
              describedBy: [countOf('description')],
            })}
            className={`${FIELD_CLASS} min-h-20`}
            aria-required="true"
            placeholder={t('booking.field.descriptionPlaceholder')}
          />
        </Field>
      )}
      {asksLink && (
        <Field
          id={idOf('meetingLink')}
          label={t('booking.field.meetingLink')}
          required={linkRequired}
          problem={problems.meetingLink}
          // A new event may leave it empty: Profile's Meeting links setting makes one.
          hint={mode === 'add' && t('booking.field.meetingLinkHint')}
          below={
            <CharacterCount
              id={countOf('meetingLink')}
              length={values.meetingLink.trim().length}
              max={MEETING_LINK_MAX_LENGTH}
            />
          }
        >
          <input
            {...bind('meetingLink', {
              hint: mode === 'add',
              describedBy: [countOf('meetingLink')],
            })}
            type="url"
            className={FIELD_CLASS}
            aria-required={linkRequired ? 'true' : undefined}
            placeholder={t('booking.field.meetingLinkPlaceholder')}
          />
        </Field>
      )}
      {asksLink && mode === 'edit' && (
        // The saved link, from 10 minutes before the start until the end.
        <JoinSessionLink
          meetingLink={initial.meetingLink}
          start={initial.start}
          end={new Date(initial.start.getTime() + initial.durationMinutes * 60_000)}
          now={now}
          name={
            withPatient ? t('booking.thisSession') : (initial.title ?? t('booking.thisSession'))
          }
          className={`${JOIN_LINK_CLASS} -mt-2`}
        />
      )}
    </>
  );
}
