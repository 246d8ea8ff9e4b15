import { authorizationFor, HttpError } from './http.ts';

/** The file name of a content-disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return (plain?.[1] ?? plain?.[2] ?? fallback).trim();
}

/**
 * Downloads a protected file with the bearer token and saves it under the server's file name; with
 * a JSON `body`, the file is what a POST of it answers (a selection too long for a query string).
 */
export async function downloadFile(path: string, fallbackName: string, body?: unknown): Promise<string> {
  const response = await fetch(
    path,
    body === undefined
      ? { headers: await authorizationFor(path) }
      : {
          method: 'POST',
          headers: { ...(await authorizationFor(path)), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
  );
  if (!response.ok) throw new HttpError(response.status, undefined);
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
