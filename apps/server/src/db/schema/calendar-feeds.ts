/** Private calendar subscription feeds (issue 20): at most one per user, its secret stored hashed. */
import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 (hex) of the 256-bit secret in the feed's address. The secret itself is shown once; a
     * reset replaces this hash, so the old address stops working in the same statement.
     */
    secretHash: text('secret_hash').notNull(),
    /** A psychologist's opt-in to patients' full names in their feed (never what anyone wrote). */
    showFullDetails: boolean('show_full_details').notNull().default(false),
    ...timestamps,
  },
  (table) => [uniqueIndex('calendar_feeds_secret_hash_unique').on(table.secretHash)],
);
