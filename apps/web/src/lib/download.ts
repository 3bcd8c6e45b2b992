import { pageT } from '../i18n/i18n';
import { pageLocale } from '../i18n/locale';
import { AUTH_TOKEN_KEY, ApiError } from './api-client';

// Files the signed-in person downloads (a receipt's PDF, a session's .ics, the practice's CSVs, their
// data): kept apart from api-client.ts so the first load carries none of it.

/**
 * GETs a file the API answers as itself, signed in like every other call (a plain link would not
 * carry the bearer token), and returns it with the name the server gave it. A refusal is an ApiError
 * in the server's words, in the page's language.
 */
export async function apiFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const token = window.localStorage.getItem(AUTH_TOKEN_KEY);
  const headers: Record<string, string> = { 'accept-language': pageLocale() };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), { headers });
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

/**
 * Saves a Blob as a file: an object URL and a link with `download`, clicked at once. The URL is let
 * go a little later, once the browser has started the download.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file of the API (`apiFile`) and saves it under the server's name, else `fallbackName`. */
export async function downloadSignedIn(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiFile(path);
  saveFile(blob, fileName ?? fallbackName);
}
