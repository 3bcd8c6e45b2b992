import { AUTH_TOKEN_KEY } from './api-client';

/**
 * Downloads a file the API serves to the signed-in user (a receipt's PDF): a plain link would not
 * carry the bearer token, so it is fetched and handed to the browser as a download.
 */
export async function downloadSignedIn(path: string, fallbackName: string): Promise<void> {
  const token = window.localStorage.getItem(AUTH_TOKEN_KEY);
  const response = await fetch(path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new Error(body?.error?.message ?? 'The file could not be downloaded. Please try again.');
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start saving it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
