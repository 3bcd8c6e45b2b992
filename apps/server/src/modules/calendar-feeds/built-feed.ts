import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Locale } from '@sukoon/shared';
import type { FeedSession } from './calendar-feeds-repository';
import { feedCalendar } from './feed-calendar';

/**
 * Raised whenever the same rows would make different bytes (a new property, other words), so ETags
 * handed out before stop matching.
 */
const FEED_FORMAT = '2';

/** A feed as it is sent: built once per change, kept in `caches.feeds`. */
export interface BuiltFeed {
  /** The strong validator of `body` (quoted); the gzip copy's adds `-gzip`. */
  etag: string;
  body: Buffer;
  gzip: Buffer;
}

export const builtFeedBytes = (feed: BuiltFeed) => feed.body.length + feed.gzip.length;

/** What a feed shows besides its sessions: its owner, their choice, their language and the day. */
export interface FeedVariant {
  ownerId: string;
  viewer: 'psychologist' | 'patient';
  showFullDetails: boolean;
  locale: Locale;
  /** Days since 1970 (UTC): the window moves once a day. */
  day: number;
}

export const variantKey = (variant: FeedVariant) =>
  [
    variant.ownerId,
    variant.viewer,
    variant.showFullDetails ? 'full' : 'private',
    variant.locale,
    variant.day,
  ].join(' ');

/**
 * The ETag of a variant at a version of its rows: known from the version alone, so a revalidation
 * is answered without building, and the same in every process.
 */
export function feedEtag(variant: FeedVariant, version: string): string {
  const tag = createHash('sha256')
    .update(`${FEED_FORMAT}\n${variantKey(variant)}\n${version}`)
    .digest('base64url');
  return `"${tag.slice(0, 32)}"`;
}

/** The representation's own ETag: a gzip body is other bytes, so it has a tag of its own. */
export const encodedEtag = (etag: string, encoding: 'gzip' | 'identity') =>
  encoding === 'gzip' ? `${etag.slice(0, -1)}-gzip"` : etag;

const gzipped = promisify(gzip);

/** The feed's text and its gzip copy (compressed on libuv's thread pool, off the event loop). */
export async function buildFeed(
  variant: FeedVariant,
  snapshot: { version: string; rows: FeedSession[] },
  publicUrl: string,
): Promise<BuiltFeed> {
  const text = await feedCalendar(variant.viewer, snapshot.rows, {
    showFullDetails: variant.showFullDetails,
    publicUrl,
    locale: variant.locale,
  });
  const body = Buffer.from(text);
  return { etag: feedEtag(variant, snapshot.version), body, gzip: await gzipped(body) };
}
