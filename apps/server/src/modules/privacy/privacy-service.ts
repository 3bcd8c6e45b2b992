import { randomBytes } from 'node:crypto';
import {
  AccountExport,
  BookingListItem,
  PAGE_LIMITS,
  PRIVACY_NOTICE_VERSION,
  PaymentOrderData,
  type DeleteAccountData,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { localizedError } from '../../lib/errors';
import { createAuditRepository, recordAudit } from '../audit/audit-repository';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { AuthUser } from '../auth/sessions-service';
import { createUsersRepository } from '../auth/users-repository';
import { createBookingsService } from '../bookings/bookings-service';
import { createCancellationService } from '../bookings/cancellation-service';
import type { PaymentsService } from '../payments/payments-service';
import { toReceiptSummary } from '../receipts/receipts-service';
import { createPsychologistsRepository } from '../psychologists/psychologists-repository';
import { createPrivacyRepository } from './privacy-repository';

/** Rows of each list read and written at a time by the data export. */
const EXPORT_BATCH = PAGE_LIMITS.max;

export interface PrivacyOptions {
  db: Database;
  payments: PaymentsService;
  publicUrl: string;
  onMailQueued?: () => void;
  clock?: () => Date;
}

/** A user's own data: downloaded as JSON, or deleted (consent withdrawn). */
export function createPrivacyService(options: PrivacyOptions) {
  const { db, payments } = options;
  const clock = options.clock ?? (() => new Date());
  const users = createUsersRepository(db);
  const privacy = createPrivacyRepository(db);
  const cancellation = createCancellationService(options);

  return {
    /**
     * Everything held about the user, as the JSON text of `{ success, data, error }`, in pieces:
     * the bookings and payments are read and written a batch at a time, so a long history is never
     * held in memory whole (issue 16). Same content and field order as the AccountExport schema.
     */
    async *exportChunks(actor: AuthUser, batchSize: number = EXPORT_BATCH): AsyncGenerator<string> {
      const user = (await users.findById(actor.id))!;
      const profile =
        user.role === 'psychologist'
          ? await createPsychologistsRepository(db).findById(user.id)
          : undefined;
      const exportedAt = clock().toISOString();
      const checked = AccountExport.pick({
        exported_at: true,
        privacy_notice_version: true,
        account: true,
        psychologist_profile: true,
      }).parse({
        exported_at: exportedAt,
        privacy_notice_version: PRIVACY_NOTICE_VERSION,
        account: {
          id: user.id,
          email: user.email,
          username: user.username,
          role: user.role,
          full_name: user.fullName,
          locale: user.locale,
          created_at: user.createdAt.toISOString(),
          email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
          consented_at: user.consentedAt?.toISOString() ?? null,
          consent_version: user.consentVersion,
        },
        psychologist_profile: profile
          ? {
              display_name: profile.displayName,
              time_zone: profile.timeZone,
              session_20_minute_rate: profile.rate20Paise / 100,
              session_45_minute_rate: profile.rate45Paise / 100,
              specializations: profile.specializations,
              languages: profile.languages,
              bio: profile.bio,
              years_of_practice: profile.yearsOfPractice,
              registration_number: profile.registrationNumber,
            }
          : null,
      });
      // The head's JSON without its closing brace; the lists follow it.
      yield `{"success":true,"data":${JSON.stringify(checked).slice(0, -1)},"bookings":[`;

      const bookingsService = createBookingsService(db);
      let cursor: string | undefined;
      let first = true;
      do {
        const page = await bookingsService.listPageForUser(actor, actor.id, {
          limit: batchSize,
          cursor,
        });
        if (page.items.length > 0) {
          const rows = page.items.map((item) => JSON.stringify(BookingListItem.parse(item)));
          yield `${first ? '' : ','}${rows.join(',')}`;
          first = false;
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);

      yield '],"payments":[';
      const orders = await privacy.ordersPaidBy(user.id);
      for (let index = 0; index < orders.length; index += batchSize) {
        const batch = await Promise.all(
          orders
            .slice(index, index + batchSize)
            .map((order) => payments.describeOrder(order.providerOrderId, actor.id)),
        );
        const rows = batch.map((order) => JSON.stringify(PaymentOrderData.parse(order)));
        yield `${index === 0 ? '' : ','}${rows.join(',')}`;
      }

      yield '],"receipts":[';
      for (let offset = 0; ; offset += batchSize) {
        const documents = await privacy.documentsOf(user.id, offset, batchSize);
        if (documents.length === 0) break;
        const rows = documents.map((row) => JSON.stringify(toReceiptSummary(row)));
        yield `${offset === 0 ? '' : ','}${rows.join(',')}`;
        if (documents.length < batchSize) break;
      }

      const events = await createAuditRepository(db).listForSubject(actor.id, 1000);
      yield `],"account_events":${JSON.stringify(AccountExport.shape.account_events.parse(events))}`;
      const emails = (await privacy.emailsTo(user.email)).map((mail) => ({
        subject: mail.subject,
        status: mail.status,
        sent_at: mail.sentAt?.toISOString() ?? null,
      }));
      yield `,"emails":${JSON.stringify(AccountExport.shape.emails.parse(emails))}},"error":null}`;
      await recordAudit(db, {
        action: 'account.data_exported',
        actor: { id: actor.id, role: actor.role },
        subjectUserId: actor.id,
      });
    },

    /**
     * Deletes the account in one transaction: upcoming sessions on either side are canceled (the
     * patient refunded in full, no penalty), holds let go, and the person anonymised; refunds are
     * sent once it commits and retried until the provider accepts them.
     */
    async deleteAccount(actor: AuthUser, password: string): Promise<DeleteAccountData> {
      const user = (await users.findById(actor.id))!;
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw localizedError('INVALID_CREDENTIALS', 'error.privacy.wrongPassword');
      }
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const now = clock();
      const { canceled, refunds } = await db.transaction(async (tx) => {
        const repository = createPrivacyRepository(tx);
        const upcoming = await repository.upcomingOf(user.id, now);
        await repository.releaseHolds(upcoming.filter((b) => b.status === 'held').map((b) => b.id));
        const refunds: string[] = [];
        const booked = upcoming.filter((b) => b.status === 'booked');
        for (const booking of booked) {
          const made = await cancellation.cancelWithin(tx, booking.id, actor);
          refunds.push(...made.map((refund) => refund.id));
        }
        await createAuditRepository(tx).forgetAddresses(user.id);
        await repository.anonymise(user.id, user.email, unusable, now);
        return { canceled: booked.length, refunds };
      });
      for (const refundId of refunds) await payments.sendRefund(refundId);
      options.onMailQueued?.();
      return { deleted: true, canceled_sessions: canceled };
    },
  };
}
