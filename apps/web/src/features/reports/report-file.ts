import { REPORT_FILE_MAX_BYTES } from '@bp/contracts';

/**
 * The file types a report takes, by extension (the API checks the bytes; this spares a doomed upload).
 * Kept here rather than reusing the domain's attachment check: sharing it split the clients page's
 * chunks past their size budget (scripts/check-bundle.ts).
 */
const EXTENSIONS = [
  'pdf',
  'xls',
  'xlsx',
  'doc',
  'docx',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'heic',
  'tif',
  'tiff',
];
export const REPORT_FILE_ACCEPT = EXTENSIONS.map((e) => `.${e}`).join(',');

/** Why a file cannot be added to a report, checked before sending it; null when it can be. */
export function reportFileProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !EXTENSIONS.includes(extension))
    return 'Choose a PDF, Excel (xls, xlsx) or Word (doc, docx) file, or an image.';
  if (file.size > REPORT_FILE_MAX_BYTES)
    return `The file is too large. Choose one of ${REPORT_FILE_MAX_BYTES / (1024 * 1024)} MB or less.`;
  if (file.size === 0) return 'The file is empty. Choose another one.';
  return null;
}

/** Hands downloaded bytes to the browser under `name`. */
export function saveFile(file: { blob: Blob }, name: string): void {
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
