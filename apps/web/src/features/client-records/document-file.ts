import { DOCUMENT_MAX_BYTES } from '@bp/contracts';
import { ATTACHMENT_ACCEPT, isAcceptedAttachment } from '@bp/domain';

export { ATTACHMENT_ACCEPT as DOCUMENT_ACCEPT };

export const DOCUMENT_TYPE_PROBLEM =
  'Choose a PDF, Excel (xls, xlsx) or Word (doc, docx) file, an image, a video or an audio file.';
export const DOCUMENT_SIZE_PROBLEM = `The file is too large. Choose one of ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB or less.`;
export const DOCUMENT_EMPTY_PROBLEM = 'The file is empty. Choose another one.';

/** Why a file cannot be uploaded as a document, checked before sending it; null when it can be. */
export function documentFileProblem(file: File): string | null {
  if (!isAcceptedAttachment(file.name, file.type || null)) return DOCUMENT_TYPE_PROBLEM;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_SIZE_PROBLEM;
  if (file.size === 0) return DOCUMENT_EMPTY_PROBLEM;
  return null;
}

/** '12 KB', '3.4 MB': sizes people read at a glance. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
