import { useState, type ReactNode } from 'react';
import {
  receiptNameOf,
  sessionFeeInr,
  type CalendarEvent,
  type CheckoutParams,
  type CheckoutSuccess,
  type CreateOrderData,
  type PaymentProviderName,
  type RatesInr,
  type SessionDuration,
} from '@sukoon/shared';
import { useT, type Translate } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { deviceTimeZone } from '../../lib/dates';
import { BookingConfirmedDialog } from './booking-confirmed-dialog';
import { createOrder, releaseHold, useRefreshCalendar, useSaveEvent } from './booking-api';
import { EventFormDialog, type EventFormValues, type FormExtraContext } from './event-form-dialog';
import { PaymentDialog, type PaymentSummary } from './payment-dialog';

/** The payments feature's checkout, handed in by the app (features do not import each other). */
export interface CheckoutPort {
  provider: PaymentProviderName | undefined;
  testMode: boolean;
  open: (params: CheckoutParams) => Promise<CheckoutSuccess | 'dismissed' | 'failed'>;
  verify: (result: CheckoutSuccess) => Promise<unknown>;
}

export interface PsychologistInfo extends RatesInr {
  id: string;
  displayName: string;
  timeZone: string;
}

/**
 * What starts the flow: a slot and length from the calendar, a psychologist's event to edit, or a
 * patient's unpaid hold whose open order they resume paying (a checkout closed mid-payment).
 */
export type BookingStart =
  | { kind: 'new'; start: Date; durationMinutes: SessionDuration }
  | { kind: 'edit'; event: CalendarEvent }
  | {
      kind: 'resume';
      psychologistId: string;
      order: CreateOrderData;
      start: Date;
      durationMinutes: SessionDuration;
      title: string;
      description: string;
    };

interface BookingFlowProps {
  role: 'patient' | 'psychologist';
  psychologist: PsychologistInfo;
  /** The patient paying: their receipt is made out to them, and says so before they pay. */
  payer?: { fullName: string | null; username: string } | undefined;
  request: BookingStart | null;
  checkout: CheckoutPort;
  /** A section added to the Edit Event form for an existing event (e.g. Patient Attendance). */
  editExtra?: ((event: CalendarEvent, context: FormExtraContext) => ReactNode) | undefined;
  onFinished: () => void;
}

type Step =
  | { kind: 'form' }
  | { kind: 'pay'; order: CreateOrderData; summary: PaymentSummary; title: string }
  | { kind: 'confirmed'; bookingId: string; title: string; start: Date; end: Date };

const serviceOf = (t: Translate, durationMinutes: number, psychologist: PsychologistInfo) =>
  t('booking.service', { minutes: durationMinutes, name: psychologist.displayName });

const message = (t: Translate, error: unknown) =>
  error instanceof Error ? error.message : t('booking.somethingWentWrong');

/**
 * Patient: Add Event form -> hold and order -> 'Complete Your Booking' -> checkout -> verified ->
 * Booking Confirmed. A dismissed or failed checkout stops quietly and gives the slot back.
 * Psychologist: the same form, saved directly (no payment), or an existing event edited.
 */
export function BookingFlow({
  role,
  psychologist,
  payer,
  request,
  checkout,
  editExtra,
  onFinished,
}: BookingFlowProps) {
  const t = useT();
  const receiptName = payer && receiptNameOf(payer);
  const [step, setStep] = useState<Step>(() =>
    request?.kind === 'resume'
      ? {
          kind: 'pay',
          order: request.order,
          title: request.title,
          summary: {
            service: serviceOf(t, request.durationMinutes, psychologist),
            issue: request.description,
            start: request.start,
            end: new Date(request.start.getTime() + request.durationMinutes * 60_000),
            durationMinutes: request.durationMinutes,
            amountPaise: request.order.amount,
            timeZone: psychologist.timeZone,
            heldUntil: new Date(request.order.hold_expires_at),
            policy: request.order.policy,
            receiptName,
          },
        }
      : { kind: 'form' },
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // After the server refused a payment (refunded, not verified), the dialog only offers Close.
  const [verifyFailed, setVerifyFailed] = useState(false);
  const refresh = useRefreshCalendar();
  const saveEvent = useSaveEvent();

  if (!request) return null;

  function finish() {
    setStep({ kind: 'form' });
    setError(null);
    setBusy(false);
    setVerifyFailed(false);
    saveEvent.reset();
    onFinished();
  }

  async function submitPatient(values: EventFormValues) {
    setBusy(true);
    setError(null);
    try {
      const order = await createOrder({
        amount: sessionFeeInr(psychologist, values.durationMinutes) * 100,
        currency: 'INR',
        notes: {
          event_title: values.title,
          event_description: values.description,
          event_date: values.start.toISOString(),
        },
        psychologist_id: psychologist.id,
        start_time: values.start.toISOString(),
        duration: values.durationMinutes,
        title: values.title,
        description: values.description,
        color: values.color,
        time_zone: deviceTimeZone(),
      });
      void refresh();
      setStep({
        kind: 'pay',
        order,
        title: values.title,
        summary: {
          service: serviceOf(t, values.durationMinutes, psychologist),
          issue: values.description,
          start: values.start,
          end: new Date(values.start.getTime() + values.durationMinutes * 60_000),
          durationMinutes: values.durationMinutes,
          amountPaise: order.amount,
          timeZone: psychologist.timeZone,
          heldUntil: new Date(order.hold_expires_at),
          // The copy the hold keeps, not a profile this page read earlier.
          policy: order.policy,
          receiptName,
        },
      });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.code === 'ORDER_CREATION_FAILED'
          ? t('booking.orderFailed')
          : message(t, caught),
      );
    } finally {
      setBusy(false);
    }
  }

  /** Gives the slot back and closes quietly (specification: failure or dismissal only stops). */
  async function abandon(bookingId: string) {
    await releaseHold(bookingId).catch(() => undefined);
    await refresh();
    finish();
  }

  async function pay(current: Extract<Step, { kind: 'pay' }>) {
    setBusy(true);
    setError(null);
    const result = await checkout.open(current.order.checkout);
    if (result === 'dismissed' || result === 'failed') {
      await abandon(current.order.booking_id);
      return;
    }
    try {
      await checkout.verify(result);
      await refresh();
      setStep({
        kind: 'confirmed',
        bookingId: current.order.booking_id,
        title: current.title,
        start: current.summary.start,
        end: current.summary.end,
      });
    } catch (caught) {
      await refresh();
      setVerifyFailed(true);
      setError(message(t, caught));
    } finally {
      setBusy(false);
    }
  }

  function submitPsychologist(values: EventFormValues) {
    const id = request?.kind === 'edit' ? request.event.id : null;
    const timeLocked = request?.kind === 'edit' && request.event.patientId !== null;
    saveEvent.mutate(
      {
        id,
        body: {
          title: values.title,
          description: values.description,
          // Left out of a new event when empty: the Meeting links setting makes one.
          ...(values.meetingLink ? { meetingLink: values.meetingLink } : {}),
          color: values.color,
          ...(timeLocked
            ? {}
            : {
                startDate: values.start.toISOString(),
                endDate: new Date(
                  values.start.getTime() + values.durationMinutes * 60_000,
                ).toISOString(),
              }),
        },
      },
      { onSuccess: finish },
    );
  }

  const initial =
    request.kind === 'edit'
      ? {
          start: new Date(request.event.startDate),
          durationMinutes: request.event.durationMinutes,
          title: request.event.title,
          description: request.event.description,
          meetingLink: request.event.meetingLink ?? '',
          color: request.event.color,
        }
      : { start: request.start, durationMinutes: request.durationMinutes };

  return (
    <>
      {step.kind === 'form' && (
        <EventFormDialog
          open
          role={role}
          mode={request.kind === 'new' ? 'add' : 'edit'}
          timeZone={psychologist.timeZone}
          initial={initial}
          feeFor={(duration) => sessionFeeInr(psychologist, duration)}
          serverError={role === 'patient' ? error : (saveEvent.error?.message ?? null)}
          busy={busy || saveEvent.isPending}
          timeLocked={request.kind === 'edit' && request.event.patientId !== null}
          withPatient={request.kind === 'edit' && request.event.patientId !== null}
          extra={
            request.kind === 'edit' && editExtra
              ? (context) => editExtra(request.event, context)
              : undefined
          }
          onSubmit={(values) =>
            role === 'patient' ? void submitPatient(values) : submitPsychologist(values)
          }
          onClose={finish}
        />
      )}
      <PaymentDialog
        summary={step.kind === 'pay' ? step.summary : null}
        provider={checkout.provider}
        testMode={checkout.testMode}
        busy={busy}
        error={error}
        closeOnly={verifyFailed}
        onPay={() => step.kind === 'pay' && void pay(step)}
        onClose={() =>
          verifyFailed ? finish() : step.kind === 'pay' && void abandon(step.order.booking_id)
        }
      />
      <BookingConfirmedDialog
        booking={
          step.kind === 'confirmed'
            ? {
                id: step.bookingId,
                title: step.title,
                start: step.start,
                end: step.end,
                timeZone: psychologist.timeZone,
                psychologistName: psychologist.displayName,
              }
            : null
        }
        onClose={finish}
      />
    </>
  );
}
