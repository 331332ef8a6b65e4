import { invalid } from '../../platform/domain-errors.ts';
import { loadFileType } from '../../platform/lazy-libraries.ts';

/**
 * Document types accepted by content (SPEC §5: pdf, xls, xlsx, doc, docx, images, video, audio). The file
 * name and the declared type are not trusted: `file-type` reads the bytes. Old xls and doc files are OLE
 * compound files, which it reports as application/x-cfb.
 */
export const DOCUMENT_MIME_TYPES: readonly string[] = [
  'application/pdf',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heic-sequence',
  'image/heif',
  'image/heif-sequence',
  'image/tiff',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'audio/mpeg',
  'audio/wav',
  'audio/x-m4a',
  'audio/mp4',
  'audio/ogg',
  'audio/ogg; codecs=opus',
];

export const DOCUMENT_TYPE_REFUSED =
  'This file type is not accepted. Upload a PDF, Word or Excel document, an image, a video or an audio file.';
export const DOCUMENT_TOO_LARGE = 'The file must be 25 MB or smaller.';

/** The accepted MIME type read from the bytes, or null when the content is not an accepted type. */
export async function detectDocumentType(data: Buffer): Promise<string | null> {
  const { fileTypeFromBuffer } = await loadFileType();
  const detected = await fileTypeFromBuffer(data);
  return detected && DOCUMENT_MIME_TYPES.includes(detected.mime) ? detected.mime : null;
}

/**
 * An upload's bytes checked before anything is stored: not empty, at most `maxBytes` (`tooLarge` says the
 * limit), an accepted type by content. Returns that MIME type; a 400 on `file` otherwise.
 */
export async function checkDocumentUpload(data: Buffer, maxBytes: number, tooLarge: string): Promise<string> {
  if (data.length === 0) throw invalid('file', 'The file is empty.');
  if (data.length > maxBytes) throw invalid('file', tooLarge);
  const mimeType = await detectDocumentType(data);
  if (!mimeType) throw invalid('file', DOCUMENT_TYPE_REFUSED);
  return mimeType;
}

export const MAX_FILE_NAME_LENGTH = 200;

/**
 * The name a file is kept and offered under: its last path segment (a browser may send
 * 'C:\\fakepath\\bill.pdf'), without control or bidirectional-formatting characters, at most 200
 * characters with its extension kept; 'document' when nothing is left.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (clean === '' || /^\.+$/.test(clean)) return 'document';
  if (clean.length <= MAX_FILE_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  let stem = '';
  for (const char of clean.slice(0, clean.length - ext.length)) {
    if (stem.length + char.length + ext.length > MAX_FILE_NAME_LENGTH) break;
    stem += char;
  }
  return `${stem.trimEnd()}${ext}`;
}
