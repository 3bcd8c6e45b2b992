import { randomBytes } from 'node:crypto';
import {
  CURRENCY,
  DEFAULT_PRACTICE_POLICY,
  DEFAULT_RATES_INR,
  type PracticePolicy,
  type Role,
  type SessionDuration,
} from '@sukoon/shared';
import { hashPassword } from '../modules/auth/passwords';
import { razorpayStyleId } from '../modules/payments/payment-provider';
import type { Database } from './client';
import {
  bookings,
  paymentOrders,
  payments,
  psychologistProfiles,
  sandboxPayments,
  users,
} from './schema';

/** Builders for records, shared by the tests and the demo seed so both make data the same way. */

export interface CreateUserOptions {
  email?: string;
  username?: string;
  fullName?: string;
  password?: string;
  verified?: boolean;
}

export interface CreatePsychologistOptions extends CreateUserOptions {
  displayName?: string;
  timeZone?: string;
  rate20Paise?: number;
  rate45Paise?: number;
  specializations?: string[];
  languages?: string[];
  bio?: string;
  yearsOfPractice?: number;
  registrationNumber?: string;
  policy?: PracticePolicy;
}

export async function createUser(db: Database, role: Role, options: CreateUserOptions = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `${role}_${suffix}@example.test`,
      username: options.username ?? `${role}_${suffix}`,
      ...(options.fullName ? { fullName: options.fullName } : {}),
      passwordHash: await hashPassword(options.password ?? 'correct-horse-battery'),
      role,
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  return user!;
}

export async function createPsychologist(db: Database, options: CreatePsychologistOptions = {}) {
  const user = await createUser(db, 'psychologist', options);
  const [profile] = await db
    .insert(psychologistProfiles)
    .values({
      userId: user.id,
      displayName: options.displayName ?? `Dr. ${user.username}`,
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      ...(options.rate20Paise ? { rate20Paise: options.rate20Paise } : {}),
      ...(options.rate45Paise ? { rate45Paise: options.rate45Paise } : {}),
      ...(options.specializations ? { specializations: options.specializations } : {}),
      ...(options.languages ? { languages: options.languages } : {}),
      ...(options.bio ? { bio: options.bio } : {}),
      ...(options.yearsOfPractice !== undefined
        ? { yearsOfPractice: options.yearsOfPractice }
        : {}),
      ...(options.registrationNumber ? { registrationNumber: options.registrationNumber } : {}),
      ...(options.policy ? { policy: options.policy } : {}),
    })
    .returning();
  return { ...user, profile: profile! };
}

export function createPatient(db: Database, options: CreateUserOptions = {}) {
  return createUser(db, 'patient', options);
}

export interface CreateBookingOptions {
  psychologistId: string;
  patientId?: string | null;
  startsAt: Date;
  durationMinutes?: SessionDuration;
  status?: 'held' | 'booked' | 'canceled' | 'expired';
  /** For holds; defaults to ten minutes from now. */
  holdExpiresAt?: Date;
  title?: string;
  description?: string;
  color?: 'blue' | 'red' | 'green' | 'yellow';
  meetingLink?: string | null;
  pricePaise?: number;
  attendanceStatus?: 'scheduled' | 'attended' | 'canceled';
  attendanceNotes?: string | null;
}

/** A booking row as the booking flow would leave it (booked and paid unless told otherwise). */
export async function createBooking(db: Database, options: CreateBookingOptions) {
  const duration = options.durationMinutes ?? 45;
  const status = options.status ?? 'booked';
  const [booking] = await db
    .insert(bookings)
    .values({
      psychologistId: options.psychologistId,
      patientId: options.patientId ?? null,
      startsAt: options.startsAt,
      endsAt: new Date(options.startsAt.getTime() + duration * 60_000),
      durationMinutes: duration,
      title: options.title ?? 'Session',
      description: options.description ?? '',
      color: options.color ?? 'blue',
      meetingLink: options.meetingLink ?? null,
      pricePaise: options.pricePaise ?? DEFAULT_RATES_INR[duration] * 100,
      status,
      // A patient's booked session was paid; a psychologist's own event never is.
      paymentStatus: status === 'booked' && options.patientId ? 'completed' : 'pending',
      holdExpiresAt:
        status === 'held' ? (options.holdExpiresAt ?? new Date(Date.now() + 10 * 60_000)) : null,
      attendanceStatus: options.attendanceStatus ?? 'scheduled',
      attendanceNotes: options.attendanceNotes ?? null,
      // A patient's session keeps the terms it was booked under, as a hold copies them.
      policy: options.patientId ? DEFAULT_PRACTICE_POLICY : null,
      // And the rates it was booked at: its own price for its length, the default for the other.
      ...(options.patientId
        ? {
            bookedRate20Paise:
              duration === 20 && options.pricePaise
                ? options.pricePaise
                : DEFAULT_RATES_INR[20] * 100,
            bookedRate45Paise:
              duration === 45 && options.pricePaise
                ? options.pricePaise
                : DEFAULT_RATES_INR[45] * 100,
          }
        : {}),
      ...(options.attendanceStatus && options.attendanceStatus !== 'scheduled'
        ? { markedBy: options.psychologistId, markedAt: options.startsAt }
        : {}),
    })
    .returning();
  return booking!;
}

/**
 * A patient's booked session paid through the sandbox: the booking, its paid order, the captured
 * payment and the sandbox's ledger row, as a verified checkout leaves them, all but the receipt
 * (`issueReceipt` numbers one, as the demo's seed does).
 */
export async function createPaidBooking(
  db: Database,
  options: Omit<CreateBookingOptions, 'status' | 'patientId'> & { patientId: string },
) {
  const booking = await createBooking(db, { ...options, status: 'booked' });
  const orderId = razorpayStyleId('order');
  const paymentId = razorpayStyleId('pay');
  await db.insert(sandboxPayments).values({
    id: paymentId,
    orderId,
    amountPaise: booking.pricePaise,
    currency: CURRENCY,
    method: 'upi',
    status: 'captured',
  });
  const [order] = await db
    .insert(paymentOrders)
    .values({
      provider: 'sandbox',
      providerOrderId: orderId,
      purpose: 'booking',
      referenceId: booking.id,
      payerId: options.patientId,
      amountPaise: booking.pricePaise,
      receipt: `booking-${booking.id}`.slice(0, 40),
      status: 'paid',
      settledByPaymentId: paymentId,
      settledAt: booking.createdAt,
      expiresAt: booking.createdAt,
    })
    .returning();
  await db.insert(payments).values({
    orderId: order!.id,
    providerPaymentId: paymentId,
    status: 'captured',
    amountPaise: booking.pricePaise,
    currency: CURRENCY,
    method: 'upi',
    confirmedVia: 'checkout',
  });
  return { booking, order: order!, orderId, paymentId };
}
