import { renderMail, type MailContent } from '../../mail/mail-templates';
import type { OutgoingMail } from '../../mail/outbox';
import type { People, Reader } from './session-people';

type SessionMail = Pick<MailContent, 'subject' | 'heading' | 'paragraphs'>;

/**
 * A session email to one of its people, in their language, its paragraphs in order; an empty one
 * (a condition that did not hold) is left out. Every session email is made by mailToPatient or
 * mailToPsychologist, so what each patient's or each psychologist's email carries is written here once.
 */
function sessionMail(reader: Reader, to: string, content: SessionMail): OutgoingMail {
  return {
    to,
    ...renderMail({
      locale: reader.locale,
      subject: content.subject,
      heading: content.heading,
      paragraphs: content.paragraphs.filter(Boolean),
    }),
  };
}

export const mailToPatient = (people: People, content: SessionMail) =>
  sessionMail(people.toPatient, people.patient.email, content);

export const mailToPsychologist = (people: People, content: SessionMail) =>
  sessionMail(people.toPsychologist, people.psychologistEmail, content);
