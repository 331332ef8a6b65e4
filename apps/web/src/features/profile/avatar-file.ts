/** Same limit as the API (docs/api.md: ≤ 2 MiB); checking first saves uploading a file that will be refused. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

const TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif']);
const EXTENSIONS = /\.(jpe?g|png|gif)$/i;

export const AVATAR_TYPE_MESSAGE = 'Choose a JPEG, PNG or GIF image.';
export const AVATAR_SIZE_MESSAGE = 'The image is too large. Choose one of 2 MB or less.';

/** The reason a chosen file cannot be an avatar, or null when it may be uploaded. */
export function avatarFileProblem(file: File): string | null {
  // Browsers leave `type` empty for unknown extensions; then the name decides. The server checks the content.
  const typeOk = file.type ? TYPES.has(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return AVATAR_TYPE_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_SIZE_MESSAGE;
  return null;
}
