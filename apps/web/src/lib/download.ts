import { pageT } from '../i18n/i18n';
import { pageLocale } from '../i18n/locale';
import { AUTH_TOKEN_KEY } from './api-client';

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

/**
 * Downloads a file the API serves to the signed-in user (a receipt's PDF, a session's .ics): a plain
 * link would not carry the bearer token, so it is fetched and handed to the browser as a download. A
 * refusal is thrown with the server's words, in the page's language.
 */
export async function downloadSignedIn(path: string, fallbackName: string): Promise<void> {
  const token = window.localStorage.getItem(AUTH_TOKEN_KEY);
  const headers: Record<string, string> = { 'accept-language': pageLocale() };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new Error(pageT('app.networkError'));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new Error(body?.error?.message ?? pageT('authError.server'));
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  saveFile(await response.blob(), name);
}
