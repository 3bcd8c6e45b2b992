import type { ApiErrorBody } from '@sukoon/shared';
import { pageT } from '../i18n/i18n';
import { takeEarlyRead } from './early-reads';
import { pageLocale } from '../i18n/locale';

/** The session token the server issued at sign-in (specification, "Local storage": authToken). */
export const AUTH_TOKEN_KEY = 'authToken';

/** A failed call: the server's stable code and message, or NETWORK_ERROR / HTTP_{status} when it sent none. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ApiErrorBody['details'],
    /** Fields the server added beside `error` (e.g. `retryAfterSeconds` on a 429). */
    readonly extra?: Record<string, unknown>,
    /** The request field the error is about (`password`, `psychologist_code`), when it is about one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/** Calls the API and returns the envelope's `data`, or throws an ApiError with a message to show. */
export async function api<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return (await call<T>(method, path, options)).data;
}

/** One page of a paged list: its rows and the cursor of the next page (null at the end). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** GETs one page of a paged list (`?limit=&cursor=`, answered with `next_cursor`). */
export async function apiPage<T>(
  path: string,
  page: { limit?: number; cursor?: string | null },
  options: { signal?: AbortSignal } = {},
): Promise<Page<T>> {
  const { data, envelope } = await call<T[]>('GET', path, {
    ...options,
    query: { limit: page.limit, cursor: page.cursor ?? undefined },
  });
  const next = envelope.next_cursor;
  return { items: data, nextCursor: typeof next === 'string' && next !== '' ? next : null };
}

async function call<T>(
  method: string,
  path: string,
  options: RequestOptions,
): Promise<{ data: T; envelope: Record<string, unknown> }> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  // The page's language: answers (messages, and the emails of someone not yet signed in) follow it.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': pageLocale(),
  };
  const token = window.localStorage.getItem(AUTH_TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  // A dashboard's first reads may have been started by the page itself (lib/early-reads.ts).
  let response =
    method === 'GET' ? await takeEarlyRead(`${url.pathname}${url.search}`, token) : null;
  try {
    response ??= await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', pageT('app.networkError'));
  }

  const envelope = (await response.json().catch(() => null)) as
    ({ success?: boolean; data?: T; error?: ApiErrorBody | null } & Record<string, unknown>) | null;
  if (response.ok && envelope?.success) return { data: envelope.data as T, envelope };
  const error = envelope?.error;
  if (error?.code) {
    const { success: _success, data: _data, error: _error, ...extra } = envelope ?? {};
    throw new ApiError(
      response.status,
      error.code,
      // The server words every error; the catalogue's messages stay out of the first load.
      error.message || pageT('authError.server'),
      error.details,
      extra,
      error.field,
    );
  }
  throw new ApiError(response.status, `HTTP_${response.status}`, pageT('authError.server'));
}
