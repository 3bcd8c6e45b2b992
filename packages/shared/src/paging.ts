import { z } from 'zod';
import { PAGE_LIMITS } from './page-limits';
export * from './page-limits';

/** Where a page ended: the sort key of its last row. Opaque to clients (hex of a small JSON array). */
export interface PageCursor {
  startsAt: string;
  id: string;
}

const CursorPayload = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

export function encodeCursor(cursor: PageCursor): string {
  // The payload is ASCII (an ISO instant and a uuid): two hex digits a character, no runtime APIs.
  return Array.from(JSON.stringify([cursor.startsAt, cursor.id]), (char) =>
    char.charCodeAt(0).toString(16).padStart(2, '0'),
  ).join('');
}

/** The cursor a previous page handed out, or null when the text is not one. */
export function decodeCursor(text: string): PageCursor | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(text)) return null;
  let json = '';
  for (let index = 0; index < text.length; index += 2) {
    json += String.fromCharCode(parseInt(text.slice(index, index + 2), 16));
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = CursorPayload.safeParse(value);
  return parsed.success ? { startsAt: parsed.data[0], id: parsed.data[1] } : null;
}

/** `?limit=&cursor=`: how many rows (1–200, 50 by default) and where the previous page ended. */
export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${PAGE_LIMITS.max}` })
    .int(`limit must be a whole number from 1 to ${PAGE_LIMITS.max}`)
    .min(1, `limit must be a whole number from 1 to ${PAGE_LIMITS.max}`)
    .max(PAGE_LIMITS.max, `limit must be at most ${PAGE_LIMITS.max}`)
    .default(PAGE_LIMITS.default),
  cursor: z
    .string()
    .max(
      512,
      'The cursor is not valid: use next_cursor from the previous page, or leave it out to start again',
    )
    .refine(
      (text) => decodeCursor(text) !== null,
      'The cursor is not valid: use next_cursor from the previous page, or leave it out to start again',
    )
    .optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** A page of a list: the envelope's data is the rows, `next_cursor` fetches the next (null at the end). */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    error: z.null(),
    next_cursor: z.string().nullable(),
  });
}
