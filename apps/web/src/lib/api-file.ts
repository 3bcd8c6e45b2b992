import { pageT } from '../i18n/i18n';
import { AUTH_TOKEN_KEY, ApiError } from './api-client';

/**
 * GETs a file the API answers as itself (a CSV), signed in like every other call, and returns it
 * with the name the server gave it. Kept apart from api-client.ts so the first load carries none of it.
 */
export async function apiFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const token = window.localStorage.getItem(AUTH_TOKEN_KEY);
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', pageT('app.networkError'));
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      response.status,
      envelope?.error?.code ?? `HTTP_${response.status}`,
      envelope?.error?.message || pageT('authError.server'),
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}
