/**
 * True when an If-None-Match header names this ETag (RFC 9110 §13.1.2: a list, weak comparison, or
 * `*`), so the answer is 304 without the body.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
