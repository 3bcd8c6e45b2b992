/** Accounts: users, psychologist profiles and sign-in sessions. */
import { sql } from 'drizzle-orm';
import {
  DEFAULT_LOCALE,
  DEFAULT_PRACTICE_POLICY,
  GST_STATUSES,
  LOCALES,
  MEETING_LINK_METHODS,
  type PracticePolicy,
} from '@sukoon/shared';
import { timestamps } from './columns';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** The name given at registration (optional; receipts print it, else the username). */
    fullName: text('full_name'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['psychologist', 'patient'] }).notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When the user agreed to the privacy notice, and which version of it (PRIVACY_NOTICE_VERSION). */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    consentVersion: text('consent_version'),
    /** The language the app, the API's messages and emails use for this person (LOCALES). */
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    /** Set when the account was deleted: the row stays, anonymised, for past sessions' records. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // Emails and usernames are unique regardless of case.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
    check('users_role_check', sql`${table.role} in ('psychologist', 'patient')`),
    check('users_locale_check', sql.raw(`locale in (${LOCALES.map((l) => `'${l}'`).join(', ')})`)),
  ],
);

export const psychologistProfiles = pgTable(
  'psychologist_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    rate20Paise: integer('rate_20_paise').notNull().default(50_000),
    rate45Paise: integer('rate_45_paise').notNull().default(90_000),
    /** What patients choose by (issue 17): values from SPECIALIZATIONS and LANGUAGES in shared. */
    specializations: text('specializations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bio: text('bio').notNull().default(''),
    yearsOfPractice: integer('years_of_practice'),
    /** As the psychologist gave it (an RCI number, say); shown, never verified. */
    registrationNumber: text('registration_number'),
    /**
     * The practice policy (PracticePolicy in shared, checked there on every write): notice, horizon,
     * break, moves and late cancellation. Copied onto each booking when it is confirmed.
     */
    policy: jsonb('policy').$type<PracticePolicy>().notNull().default(DEFAULT_PRACTICE_POLICY),
    /**
     * How a session gets its meeting link when it is confirmed (MeetingLinks in shared): pasted by
     * hand, a new room on `jitsi_server`, or `personal_meeting_link`. Both addresses are kept when the
     * method changes, so switching back does not lose what was typed.
     */
    meetingLinkMethod: text('meeting_link_method', { enum: MEETING_LINK_METHODS })
      .notNull()
      .default('manual'),
    jitsiServer: text('jitsi_server'),
    personalMeetingLink: text('personal_meeting_link'),
    /**
     * What receipts print (issue 21): the practice's address, and whether the psychologist is
     * registered for GST (then a GSTIN, and receipts are titled Bill of Supply). Each document keeps a
     * copy of these as they were when it was issued.
     */
    practiceAddress: text('practice_address'),
    gstStatus: text('gst_status', { enum: GST_STATUSES }).notNull().default('not_registered'),
    gstin: text('gstin'),
    /**
     * The psychologist's own receipt series ("ASHA", "ASHA2"): given with the first receipt, unique,
     * never changed, so two psychologists of one name never share numbers and a renamed one keeps theirs.
     */
    receiptSeries: text('receipt_series'),
    ...timestamps,
  },
  (table) => [
    check(
      'psychologist_rates_positive',
      sql`${table.rate20Paise} > 0 and ${table.rate45Paise} > 0`,
    ),
    check('psychologist_years_of_practice_range', sql`${table.yearsOfPractice} between 0 and 70`),
    check('psychologist_bio_length', sql`char_length(${table.bio}) <= 600`),
    check(
      'psychologist_meeting_link_method',
      sql`${table.meetingLinkMethod} = 'manual'
        or (${table.meetingLinkMethod} = 'jitsi' and ${table.jitsiServer} is not null)
        or (${table.meetingLinkMethod} = 'personal' and ${table.personalMeetingLink} is not null)`,
    ),
    check(
      'psychologist_gst_status',
      sql`(${table.gstStatus} = 'not_registered' and ${table.gstin} is null)
        or (${table.gstStatus} = 'registered' and ${table.gstin} is not null)`,
    ),
    uniqueIndex('psychologist_profiles_receipt_series_unique').on(table.receiptSeries),
    // The patients' filters read these: "who speaks Hindi", "who works with trauma".
    index('psychologist_profiles_specializations_gin').using('gin', table.specializations),
    index('psychologist_profiles_languages_gin').using('gin', table.languages),
  ],
);

/** Opaque bearer tokens: only their SHA-256 is stored, so a database leak does not leak sessions. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('auth_sessions_token_hash_unique').on(table.tokenHash),
    index('auth_sessions_user_idx').on(table.userId),
  ],
);

/** Codes an institution hands to its psychologists; one code registers one account. */
export const institutionCodes = pgTable(
  'institution_codes',
  {
    code: text('code').primaryKey(),
    institution: text('institution').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('institution_codes_used_by_unique').on(table.usedBy)],
);

/**
 * Six-digit one-time codes for email verification and password reset. Only an argon2id hash is kept, so
 * a leaked row cannot be brute-forced within the code's 10 minutes.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    check(
      'one_time_codes_purpose_check',
      sql`${table.purpose} in ('verify_email', 'reset_password')`,
    ),
  ],
);

/** Single-use links that sign a patient in (e.g. "book your next session" in an email). */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sign_in_tokens_token_hash_unique').on(table.tokenHash)],
);
