/**
 * Accepted upload types (SPEC §5): attachments are pdf, xls, xlsx, doc, docx, images, video and
 * audio; avatars are jpeg, jpg, png and gif.
 */

/** Document extensions accepted as attachments (images, video and audio are accepted by type). */
export const ATTACHMENT_DOCUMENT_EXTENSIONS = ['pdf', 'xls', 'xlsx', 'doc', 'docx'] as const;

/** MIME families accepted as attachments. */
export const ATTACHMENT_MEDIA_TYPES = ['image', 'video', 'audio'] as const;

/** Extensions recognised as image, video or audio when no MIME type is known. */
const MEDIA_EXTENSIONS = new Set([
  ...['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'tif', 'tiff', 'heic', 'heif', 'svg'],
  ...['mp4', 'mov', 'm4v', 'avi', 'wmv', 'webm', 'mkv', '3gp'],
  ...['mp3', 'wav', 'm4a', 'aac', 'ogg', 'oga', 'flac', 'wma'],
]);

export const AVATAR_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;

/** The `accept` attribute of an attachment file input. */
export const ATTACHMENT_ACCEPT = [
  ...ATTACHMENT_DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`),
  ...ATTACHMENT_MEDIA_TYPES.map((type) => `${type}/*`),
].join(',');

/** The `accept` attribute of an avatar file input. */
export const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Lower-case extension of a file name without the dot ('' when none): 'Bill.PDF' → 'pdf'. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * True when a file may be attached: a listed document extension, or an image, video or audio file
 * (by MIME type when given, otherwise by a known media extension).
 */
export function isAcceptedAttachment(fileName: string, mimeType?: string | null): boolean {
  const ext = fileExtension(fileName);
  if ((ATTACHMENT_DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return true;
  const family = mimeType?.split('/')[0]?.toLowerCase();
  if (family) return (ATTACHMENT_MEDIA_TYPES as readonly string[]).includes(family);
  return MEDIA_EXTENSIONS.has(ext);
}

/** True when a file may be an avatar (jpeg, jpg, png, gif by extension). */
export function isAcceptedAvatar(fileName: string): boolean {
  return (AVATAR_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}
