import { randomBytes } from 'node:crypto';
import { PRIVACY_NOTICE_VERSION, type AccountExport, type DeleteAccountData } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createAuditRepository, recordAudit } from '../audit/audit-repository';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { AuthUser } from '../auth/sessions-service';
import { createUsersRepository } from '../auth/users-repository';
import { createBookingsService } from '../bookings/bookings-service';
import { createCancellationService } from '../bookings/cancellation-service';
import type { PaymentsService } from '../payments/payments-service';
import { createPsychologistsRepository } from '../psychologists/psychologists-repository';
import { createPrivacyRepository } from './privacy-repository';

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
    async exportFor(actor: AuthUser): Promise<AccountExport> {
      const user = (await users.findById(actor.id))!;
      const profile =
        user.role === 'psychologist'
          ? await createPsychologistsRepository(db).findById(user.id)
          : undefined;
      const orders = await privacy.ordersPaidBy(user.id);
      const data: AccountExport = {
        exported_at: clock().toISOString(),
        privacy_notice_version: PRIVACY_NOTICE_VERSION,
        account: {
          id: user.id,
          email: user.email,
          username: user.username,
          role: user.role,
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
            }
          : null,
        bookings: await createBookingsService(db).listForUser(actor, actor.id),
        payments: await Promise.all(
          orders.map((order) => payments.describeOrder(order.providerOrderId, actor.id)),
        ),
        account_events: await createAuditRepository(db).listForSubject(actor.id, 1000),
        emails: (await privacy.emailsTo(user.email)).map((mail) => ({
          subject: mail.subject,
          status: mail.status,
          sent_at: mail.sentAt?.toISOString() ?? null,
        })),
      };
      await recordAudit(db, {
        action: 'account.data_exported',
        actor: { id: actor.id, role: actor.role },
        subjectUserId: actor.id,
      });
      return data;
    },

    /**
     * Deletes the account in one transaction: upcoming sessions on either side are canceled (the
     * patient refunded in full, no penalty), holds let go, and the person anonymised; refunds are
     * sent once it commits and retried until the provider accepts them.
     */
    async deleteAccount(actor: AuthUser, password: string): Promise<DeleteAccountData> {
      const user = (await users.findById(actor.id))!;
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError(
          'INVALID_CREDENTIALS',
          'That password is not right, so nothing was deleted.',
        );
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
          const refund = await cancellation.cancelWithin(tx, booking.id, actor);
          if (refund) refunds.push(refund.id);
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
