import { loadFileType } from '../../platform/lazy-libraries.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

/** The image type read from the bytes themselves; the file name and the declared type are not trusted. */
export async function detectAvatarType(data: Buffer): Promise<AvatarType | null> {
  const { fileTypeFromBuffer } = await loadFileType();
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime;
  return (AVATAR_TYPES as readonly string[]).includes(mime ?? '') ? (mime as AvatarType) : null;
}
