import type { ApiClient, CallOptions, DownloadedFile } from '@bp/api-client';
import type { FILE_RESPONSE, RouteDeclaration } from '@bp/contracts';
import { callDeclared } from './route-source.ts';

/** The file name of a `Content-Disposition: attachment; filename="x.csv"` header (RFC 6266), if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A declared download: its success answer is a file, read as `{blob, disposition}` by the client. */
export type FileRoute = RouteDeclaration & { responses: { 200: typeof FILE_RESPONSE } };

/**
 * Downloads a file the API serves behind the bearer: called through the API client (which sends the
 * token and renews a stale one once), then saved through a blob link under the server's file name
 * (else `fallbackName`).
 */
export async function downloadFile<R extends FileRoute>(
  api: ApiClient,
  route: R,
  options: CallOptions<R>,
  fallbackName: string,
): Promise<void> {
  const file = (await callDeclared(api, route, options)) as DownloadedFile;
  saveBlob(file.blob, fileNameFromDisposition(file.disposition) ?? fallbackName);
}
